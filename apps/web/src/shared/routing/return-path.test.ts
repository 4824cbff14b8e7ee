import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

const origin = 'https://cutout.example';

describe('safeReturnPath', () => {
  it('keeps a path of the site with its query and hash', () => {
    expect(safeReturnPath('/en/remove-background', origin)).toBe('/en/remove-background');
    expect(safeReturnPath('/ru/blog?page=2&sort=date#top', origin)).toBe('/ru/blog?page=2&sort=date#top');
    expect(safeReturnPath('/', origin)).toBe('/');
  });

  it('normalises dot segments and keeps percent-encoded characters encoded', () => {
    expect(safeReturnPath('/en/blog/../pricing', origin)).toBe('/en/pricing');
    expect(safeReturnPath('/en/products/catalog/%D1%87%D0%B0%D0%B9', origin)).toBe(
      '/en/products/catalog/%D1%87%D0%B0%D0%B9',
    );
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another site', 'https://evil.example/en'],
    ['the same site written in full', `${origin}/en`],
    ['a protocol-relative address', '//evil.example/en'],
    ['a relative path', 'en/pricing'],
    ['a script address', 'javascript:alert(1)'],
    ['a backslash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab that the URL parser would drop', '/\t/evil.example'],
    ['a newline', '/en\n/pricing'],
    ['a carriage return', '/en\r/pricing'],
    ['a NUL character', '/en\u0000'],
    ['dot segments that collapse into //', '/.//evil.example'],
    ['a character outside the safe path characters', '/en/a|b'],
    ['brackets in the path', '/en/[x]'],
    ['a space', '/en/blog?search=cup tea'],
    ['a quote', '/en/"onload'],
    ['characters that are not percent-encoded', '/ru/блог'],
    ['an overly long value', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value, origin)).toBeNull();
  });

  it("uses the page's own origin by default", () => {
    expect(safeReturnPath('/en/pricing')).toBe('/en/pricing');
    expect(safeReturnPath(`${window.location.origin}/en`)).toBeNull();
  });
});
