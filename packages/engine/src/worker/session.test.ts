import { describe, expect, it } from 'vitest';
import { previewInputSize } from './session.ts';

describe('previewInputSize', () => {
  const square = { width: 1024, height: 1024 };

  it("keeps the photo's aspect, the longer side at the square's, the shorter rounded to a multiple of 64", () => {
    expect(previewInputSize(square, { width: 4243, height: 2828 })).toEqual({ width: 1024, height: 704 });
    expect(previewInputSize(square, { width: 400, height: 300 })).toEqual({ width: 1024, height: 768 });
    expect(previewInputSize(square, { width: 2828, height: 4243 })).toEqual({ width: 704, height: 1024 });
    expect(previewInputSize(square, { width: 1920, height: 1080 })).toEqual({ width: 1024, height: 576 });
  });

  it('gives a square photo, and one close to square, the square', () => {
    expect(previewInputSize(square, { width: 500, height: 500 })).toEqual(square);
    expect(previewInputSize(square, { width: 1000, height: 980 })).toEqual(square);
  });

  it('squeezes a panorama no more than 2:1', () => {
    expect(previewInputSize(square, { width: 6000, height: 1000 })).toEqual({ width: 1024, height: 512 });
    expect(previewInputSize(square, { width: 10, height: 4000 })).toEqual({ width: 512, height: 1024 });
  });

  it('works from a smaller square too', () => {
    expect(previewInputSize({ width: 512, height: 512 }, { width: 400, height: 300 })).toEqual({
      width: 512,
      height: 384,
    });
  });
});
