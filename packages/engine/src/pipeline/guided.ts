/** Planar RGB in [0,1] at the refinement grid. */
export interface GuideImage {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  width: number;
  height: number;
}

/**
 * Colour guided filter (He et al.) coefficients for mask `p`, computed only where they matter.
 * Where the network was certain (p exactly 0 or 1) the result is "alpha = p" (a = 0, b = p), so
 * refinement only decides where the network hesitated; elsewhere the filter would soften crisp
 * edges and thin structures that the colours do not show (rigging against the sky). At uncertain
 * pixels the values equal the full filter's: window sums come from summed-area tables built tile by
 * tile, only around the uncertain pixels and the band of window centres around them, instead of
 * ~17 full-image box filters. The work is a WebAssembly kernel's (assembly/kernels.ts).
 *
 * The linear model alpha ≈ ar·R + ag·G + ab·B + b per grid pixel (already window-averaged), made
 * by refinedGrid in pipeline/kernels.ts.
 */
export interface GuidedCoefficients {
  ar: Float32Array;
  ag: Float32Array;
  ab: Float32Array;
  b: Float32Array;
  width: number;
  height: number;
}

/** Applies coefficients to the guide they were computed on: the refined alpha in [0,1] at grid size. */
export function applyCoefficients(c: GuidedCoefficients, guide: GuideImage): Float32Array {
  return appliedAlpha(c.ar, c.ag, c.ab, c.b, guide.r, guide.g, guide.b);
}

/** applyCoefficients' loop (positional parameters: see upsampledAlpha in alpha.ts). */
function appliedAlpha(
  ar: Float32Array,
  ag: Float32Array,
  ab: Float32Array,
  b: Float32Array,
  R: Float32Array,
  G: Float32Array,
  B: Float32Array,
): Float32Array {
  const out = new Float32Array(b.length);
  for (let i = 0; i < out.length; i++) {
    const v = ar[i]! * R[i]! + ag[i]! * G[i]! + ab[i]! * B[i]! + b[i]!;
    out[i] = Math.min(1, Math.max(0, v));
  }
  return out;
}
