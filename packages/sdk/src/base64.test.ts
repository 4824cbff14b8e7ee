import { describe, expect, it } from 'vitest';
import { decodeBase64, decodedLength, encodeBase64 } from './base64.ts';

describe('base64', () => {
  it('encodes and decodes every length like Buffer does', () => {
    for (let length = 0; length < 70; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 255);
      const expected = Buffer.from(bytes).toString('base64');
      expect(encodeBase64(bytes)).toBe(expected);
      expect([...decodeBase64(expected)]).toEqual([...bytes]);
      expect(decodedLength(expected)).toBe(length);
    }
  });

  it('reads URL-safe letters, missing padding, line breaks and a data: prefix', () => {
    const bytes = Uint8Array.from([251, 255, 191, 0, 1, 2, 3]);
    const url = Buffer.from(bytes).toString('base64url');
    expect([...decodeBase64(url)]).toEqual([...bytes]);
    const wrapped = `data:image/png;base64,${Buffer.from(bytes)
      .toString('base64')
      .replace(/(.{4})/g, '$1\n')}`;
    expect([...decodeBase64(wrapped)]).toEqual([...bytes]);
  });

  it('refuses letters outside base64', () => {
    expect(() => decodeBase64('ab$d')).toThrow(TypeError);
    expect(() => decodeBase64('abcde')).toThrow(TypeError);
  });
});
