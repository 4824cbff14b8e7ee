import sharp from 'sharp';
import type { Pixels } from './alpha.ts';
import type { Box } from './frame.ts';

/** Blur and drop of the shadow, as shares of the subject's height (remove.bg's car shadows look so). */
const SHARE_OF_HEIGHT = 0.02;
const MIN_SIGMA = 2;
const OPACITY = 0.5;
/** Past 3σ a Gaussian adds less than 0.5% of its peak: the shadow's reach around the subject. */
const REACH_SIGMAS = 3;
/**
 * Wide blurs run on a coarser grid, where σ is about this many grid pixels, and are scaled back: a
 * shadow has no detail, and libvips' blur costs grow with σ.
 */
const SIGMA_ON_GRID = 4;

/** How far the shadow of a subject this tall reaches past its box (below; a little less elsewhere). */
export function shadowReach(subjectHeight: number): number {
  const { sigma, drop } = shadowGeometry(subjectHeight);
  return Math.ceil(REACH_SIGMAS * sigma) + drop;
}

function shadowGeometry(subjectHeight: number) {
  return {
    sigma: Math.max(MIN_SIGMA, subjectHeight * SHARE_OF_HEIGHT),
    drop: Math.max(1, Math.round(subjectHeight * SHARE_OF_HEIGHT)),
  };
}

/**
 * Lays a soft black drop shadow under the subject, in place: the subject's alpha, blurred and moved
 * down, at half opacity, composited under it within `area` (the part of the arrays that is output).
 * Straight alpha: where the shadow shows through, alpha rises and the colour darkens by a/(new alpha).
 */
export async function addShadow(options: {
  image: Pixels;
  alpha: Uint8Array;
  subject: Box;
  area: Box;
}): Promise<void> {
  const { image, alpha, subject, area } = options;
  const { width } = image;
  const { sigma, drop } = shadowGeometry(subject.height);
  const reach = Math.ceil(REACH_SIGMAS * sigma);
  // The shadow's region: the subject's box grown by the blur's reach and moved down by the drop.
  const x0 = Math.max(area.x, subject.x - reach);
  const y0 = Math.max(area.y, subject.y - reach + drop);
  const x1 = Math.min(area.x + area.width, subject.x + subject.width + reach);
  const y1 = Math.min(area.y + area.height, subject.y + subject.height + reach + drop);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return;
  // The alpha that casts onto each pixel of the region: the one `drop` rows above (0 off the image).
  const cast = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = y0 + y - drop;
    if (from < 0 || from >= image.height) continue;
    cast.set(alpha.subarray(from * width + x0, from * width + x1), y * w);
  }
  const shadow = await blur(cast, { width: w, height: h }, sigma);
  const { data } = image;
  const k = OPACITY / 255;
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * width + x0;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const s = shadow[i]! * k;
      if (s === 0) continue;
      const j = row + x;
      const a = alpha[j]! / 255;
      if (a === 1) continue;
      const out = a + s * (1 - a);
      const keep = a / out;
      const p = j * 3;
      data[p] = data[p]! * keep + 0.5;
      data[p + 1] = data[p + 1]! * keep + 0.5;
      data[p + 2] = data[p + 2]! * keep + 0.5;
      alpha[j] = out * 255 + 0.5;
    }
  }
}

/** Gaussian blur of one 8-bit plane by libvips, on a coarser grid when σ is wide. */
async function blur(plane: Uint8Array, size: { width: number; height: number }, sigma: number) {
  const raw = { ...size, channels: 1 as const };
  const step = Math.max(1, Math.floor(sigma / SIGMA_ON_GRID));
  // 'b-w' keeps one channel: sharp would write a single-channel raw image out as sRGB (three).
  if (step === 1) return sharp(plane, { raw }).blur(sigma).toColourspace('b-w').raw().toBuffer();
  const small = {
    width: Math.max(1, Math.round(size.width / step)),
    height: Math.max(1, Math.round(size.height / step)),
  };
  const coarse = await sharp(plane, { raw })
    .resize(small.width, small.height, { fit: 'fill' })
    .blur(sigma / step)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(coarse, { raw: { ...small, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}
