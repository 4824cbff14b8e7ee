/** Longer return paths are refused: an address of the site is never that long. */
const maxLength = 2000;
/**
 * The characters a return path may hold as it is: RFC 3986's unreserved and sub-delims, `:@/?#`
 * and `%`. This leaves out backslashes, which browsers read as slashes, and tabs, newlines and other
 * controls, which the URL parser drops silently ('/\t/evil.example' would read as '//evil.example').
 */
const safeCharacters = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
/** Any origin does to check that a path stays on its own origin. */
const probeOrigin = 'https://site.invalid';

/**
 * A return path (`?returnTo=`, a sign-in's way back) that may be followed: a path of this site with
 * its query and hash, or null. Anything that could lead elsewhere is refused: another origin, a
 * protocol-relative `//host` (also when dot segments collapse into one), backslashes, control
 * characters and any other character outside the safe set. The one check for every return path, on
 * the server and in the browser.
 */
export function safeReturnPath(value: string | null | undefined, origin = probeOrigin): string | null {
  if (!value || value.length > maxLength || !safeCharacters.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
