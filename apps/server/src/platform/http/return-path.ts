/** Characters a return path may hold as it is: RFC 3986's unreserved, sub-delims, `:@/?#` and `%`. */
const safeCharacters = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
const probeOrigin = 'https://site.invalid';

/**
 * A path of this site to return to after a sign-in or another detour, or `fallback`. The value is
 * parsed against the site's origin and kept only when it stays on that origin and holds nothing but
 * safe characters: no scheme, no host, no `//` or `/\`, no tabs, newlines or other controls (which
 * browsers drop, turning `/\t/evil.example` into `//evil.example`). The one check for every return path.
 */
export function safeReturnPath(value: string | undefined | null, fallback = '/'): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || !safeCharacters.test(value)) return fallback;
  if (value.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
