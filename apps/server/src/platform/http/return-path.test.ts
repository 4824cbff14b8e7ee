import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of the site with its query and fragment', () => {
    expect(safeReturnPath('/en/remove-background?x=1#top')).toBe('/en/remove-background?x=1#top');
    expect(safeReturnPath('/ru/user/api')).toBe('/ru/user/api');
  });

  it.each([
    ['another host', '//evil.example/phish'],
    ['a backslash', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example/phish'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL', '/\u0000/x'],
    ['a scheme', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'evil.example'],
    ['dot segments that collapse into another host', '/.//evil.example'],
    ['a space', '/ /evil'],
    ['nothing', ''],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('answers the fallback it is given', () => {
    expect(safeReturnPath('//evil.example', '/en')).toBe('/en');
    expect(safeReturnPath(undefined, '/ru')).toBe('/ru');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/en/../../etc')).toBe('/etc');
  });
});
