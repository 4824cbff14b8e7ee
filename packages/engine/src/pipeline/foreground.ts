import type { GuideImage } from './guided.ts';
import { fusedEstimates } from './kernels.ts';

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
  const [fr, fg, fb, br, bg, bb] = fusedEstimates(image, alpha, radii) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  return { fr, fg, fb, br, bg, bb };
}
