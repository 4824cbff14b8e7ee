import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedPageSerializer } from './shared-page-serializer.ts';

describe('shared page serializer', () => {
  let checks = 0;
  const item = z.object({ id: z.string() }).transform((value) => {
    checks += 1;
    return value;
  });
  const serialize = sharedPageSerializer(item, { totalCount: z.number().int() })({} as never) as (
    data: unknown,
  ) => string;

  it('writes the answer as its schemas would, without the fields they do not name', () => {
    const text = serialize({ output: [{ id: 'a', secret: 1 }], totalCount: 1, extra: true });
    expect(JSON.parse(text)).toEqual({ output: [{ id: 'a' }], totalCount: 1 });
  });

  it('checks and writes a shared page once, however many answers carry it', () => {
    const page = [{ id: 'a' }, { id: 'b' }];
    checks = 0;
    const first = serialize({ output: page, totalCount: 2 });
    const second = serialize({ output: page, totalCount: 3 });
    expect(checks).toBe(2);
    expect(JSON.parse(second)).toEqual({ output: page, totalCount: 3 });
    expect(JSON.parse(first).totalCount).toBe(2);
    serialize({ output: [...page], totalCount: 2 });
    expect(checks).toBe(4);
  });

  it('refuses an answer its schemas refuse', () => {
    expect(() => serialize({ output: [{ id: 1 }], totalCount: 1 })).toThrow();
    expect(() => serialize({ output: [], totalCount: 'many' })).toThrow();
  });
});
