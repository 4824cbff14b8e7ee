import { boxMean } from './box.ts';
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
  const { width, height } = image;
  const n = width * height;
  const tmp = new Float32Array(n);
  const work = new Float32Array(n);
  const blurredAlpha = new Float32Array(n);
  const inputs = [image.r, image.g, image.b];
  let fore: Float32Array[] = inputs.map((c) => c.slice());
  let back: Float32Array[] = inputs.map((c) => c.slice());
  let blurredFore: Float32Array[] = [];
  let blurredBack: Float32Array[] = [];
  for (const radius of radii) {
    boxMean({ src: alpha, dst: blurredAlpha, tmp, width, height, radius });
    blurredFore = fore.map((f) => {
      for (let i = 0; i < n; i++) work[i] = f[i]! * alpha[i]!;
      const out = new Float32Array(n);
      boxMean({ src: work, dst: out, tmp, width, height, radius });
      for (let i = 0; i < n; i++) out[i] = out[i]! / (blurredAlpha[i]! + 1e-5);
      return out;
    });
    blurredBack = back.map((bk) => {
      for (let i = 0; i < n; i++) work[i] = bk[i]! * (1 - alpha[i]!);
      const out = new Float32Array(n);
      boxMean({ src: work, dst: out, tmp, width, height, radius });
      for (let i = 0; i < n; i++) out[i] = out[i]! / (1 - blurredAlpha[i]! + 1e-5);
      return out;
    });
    fore = inputs.map((img, c) => {
      const bf = blurredFore[c]!;
      const bb = blurredBack[c]!;
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const a = alpha[i]!;
        const v = bf[i]! + a * (img[i]! - a * bf[i]! - (1 - a) * bb[i]!);
        out[i] = Math.min(1, Math.max(0, v));
      }
      return out;
    });
    back = blurredBack;
  }
  const scale = (x: Float32Array) => {
    for (let i = 0; i < n; i++) x[i] = x[i]! * 255;
    return x;
  };
  const [fr, fg, fb] = blurredFore.map(scale) as [Float32Array, Float32Array, Float32Array];
  const [br, bg, bb] = blurredBack.map(scale) as [Float32Array, Float32Array, Float32Array];
  return { fr, fg, fb, br, bg, bb };
}
