import { boxMeanInto } from './box.ts';
import type { GuideImage } from './guided.ts';

/** Smooth local estimates of foreground and background colour (0..255), planar RGB. */
export interface ColourEstimates {
  fr: Float32Array;
  fg: Float32Array;
  fb: Float32Array;
  br: Float32Array;
  bg: Float32Array;
  bb: Float32Array;
}

/**
 * Blur-fusion foreground estimation (Forte & Pitié, "Approximate Fast Foreground Colour
 * Estimation", ICIP 2021): two levels of alpha-weighted box blurs, O(N). Returns the second level's blurred F and B; the final per-pixel step
 * F = F̄ + α(I − αF̄ − (1−α)B̄) is applied later at full resolution, where I and α are sharp.
 */
export function blurFusionEstimates(options: {
  image: GuideImage;
  alpha: Float32Array;
  radii: readonly [number, number];
}): ColourEstimates {
  const { image, alpha, radii } = options;
  const [fr, fg, fb, br, bg, bb] = fusedEstimates(
    [image.r, image.g, image.b],
    alpha,
    image.width,
    image.height,
    radii[0],
    radii[1],
  ) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  return { fr, fg, fb, br, bg, bb };
}

/**
 * blurFusionEstimates' loops (positional parameters: see upsampledAlpha in alpha.ts): F̄ of the
 * three channels, then B̄, scaled to 0..255.
 */
function fusedEstimates(
  inputs: Float32Array[],
  alpha: Float32Array,
  width: number,
  height: number,
  radius0: number,
  radius1: number,
): Float32Array[] {
  const n = width * height;
  const tmp = new Float32Array(n);
  const work = new Float32Array(n);
  const blurredAlpha = new Float32Array(n);
  // Planes are allocated once for both levels: F (updated in place), F̄, and B with B̄, which swap
  // after each level (the next level's B is this one's B̄).
  const fore = [inputs[0]!.slice(), inputs[1]!.slice(), inputs[2]!.slice()];
  let back = [inputs[0]!.slice(), inputs[1]!.slice(), inputs[2]!.slice()];
  const blurredFore = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  let blurredBack = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let level = 0; level < 2; level++) {
    const radius = level === 0 ? radius0 : radius1;
    boxMeanInto(alpha, blurredAlpha, tmp, width, height, radius);
    for (let c = 0; c < 3; c++) {
      const f = fore[c]!;
      const out = blurredFore[c]!;
      for (let i = 0; i < n; i++) work[i] = f[i]! * alpha[i]!;
      boxMeanInto(work, out, tmp, width, height, radius);
      for (let i = 0; i < n; i++) out[i] = out[i]! / (blurredAlpha[i]! + 1e-5);
    }
    for (let c = 0; c < 3; c++) {
      const bk = back[c]!;
      const out = blurredBack[c]!;
      for (let i = 0; i < n; i++) work[i] = bk[i]! * (1 - alpha[i]!);
      boxMeanInto(work, out, tmp, width, height, radius);
      for (let i = 0; i < n; i++) out[i] = out[i]! / (1 - blurredAlpha[i]! + 1e-5);
    }
    for (let c = 0; c < 3; c++) {
      const img = inputs[c]!;
      const bf = blurredFore[c]!;
      const bb = blurredBack[c]!;
      const out = fore[c]!;
      for (let i = 0; i < n; i++) {
        const a = alpha[i]!;
        const v = bf[i]! + a * (img[i]! - a * bf[i]! - (1 - a) * bb[i]!);
        out[i] = Math.min(1, Math.max(0, v));
      }
    }
    const swap = back;
    back = blurredBack;
    blurredBack = swap;
  }
  // After the last swap, `back` holds the last level's B̄.
  const estimates = [...blurredFore, ...back];
  for (const x of estimates) for (let i = 0; i < n; i++) x[i] = x[i]! * 255;
  return estimates;
}
