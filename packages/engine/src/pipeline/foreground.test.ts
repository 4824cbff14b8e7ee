import { describe, expect, it } from 'vitest';
import { blurFusionEstimates } from './foreground.ts';
import { boxMean } from './kernels.ts';

/** Blur-fusion as the paper writes it, new planes at every step: the reference for the in-place code. */
function reference(
  image: { r: Float32Array; g: Float32Array; b: Float32Array; width: number; height: number },
  alpha: Float32Array,
  radii: number[],
) {
  const { width, height } = image;
  const blur = (src: Float32Array, radius: number) => boxMean({ src, width, height, radius });
  const inputs = [image.r, image.g, image.b];
  let fore = inputs;
  let back = inputs;
  let blurredFore: Float32Array[] = [];
  let blurredBack: Float32Array[] = [];
  for (const radius of radii) {
    const blurredAlpha = blur(alpha, radius);
    blurredFore = fore.map((f) =>
      blur(
        f.map((v, i) => v * alpha[i]!),
        radius,
      ).map((v, i) => v / (blurredAlpha[i]! + 1e-5)),
    );
    blurredBack = back.map((b) =>
      blur(
        b.map((v, i) => v * (1 - alpha[i]!)),
        radius,
      ).map((v, i) => v / (1 - blurredAlpha[i]! + 1e-5)),
    );
    fore = inputs.map((img, c) =>
      img.map((v, i) => {
        const a = alpha[i]!;
        const f = blurredFore[c]![i]!;
        return Math.min(1, Math.max(0, f + a * (v - a * f - (1 - a) * blurredBack[c]![i]!)));
      }),
    );
    back = blurredBack;
  }
  const [fr, fg, fb] = blurredFore.map((p) => p.map((v) => v * 255));
  const [br, bg, bb] = blurredBack.map((p) => p.map((v) => v * 255));
  return { fr, fg, fb, br, bg, bb };
}

describe('blur-fusion colour estimates', () => {
  it.each([
    [41, 23, [8, 1]],
    [64, 48, [12, 3]],
    [7, 5, [8, 1]],
  ])('match the step-by-step formulation (%ix%i, radii %j)', (width, height, radii) => {
    const n = width * height;
    const plane = (seed: number) => Float32Array.from({ length: n }, (_, i) => (Math.sin(i * seed) + 1) / 2);
    const image = { r: plane(0.37), g: plane(0.71), b: plane(1.13), width, height };
    // A disc with a soft edge: opaque, clear and partial pixels.
    const alpha = Float32Array.from({ length: n }, (_, i) => {
      const d = Math.hypot((i % width) - width / 2, Math.floor(i / width) - height / 2) - height / 3;
      return Math.min(1, Math.max(0, 0.5 - d / 4));
    });
    const expected = reference(image, alpha, radii);
    const actual = blurFusionEstimates({ image, alpha, radii: radii as [number, number] });
    for (const key of ['fr', 'fg', 'fb', 'br', 'bg', 'bb'] as const) {
      expect(Array.from(actual[key])).toEqual(Array.from(expected[key]!));
    }
  });
});
