import sharp from 'sharp';
import type { Position } from '../options-layout.ts';
import type { Pixels } from './alpha.ts';
import { fitPixels } from './decode.ts';
import type { Box } from './frame.ts';

/** Where the subject ends up: on a canvas (the output frame, shrunk to the pixel limit) at `target`. */
export interface LayoutPlan {
  canvas: { width: number; height: number };
  /** The subject's box in the work image. */
  source: Box;
  /** The same subject on the canvas (resized when its size differs from the source's). */
  target: Box;
}

/**
 * Plans scale and position of the subject on the output frame, and the frame's fit to the megapixel
 * limit (only a crop frame with margins can exceed it: the work image was fitted already). Null
 * when the subject would stay where it is at its size, so the default path copies nothing; `force`
 * asks for a plan all the same (a shadow that must be drawn past the photo's edge needs the placed
 * subject's own arrays).
 */
export function planLayout(options: {
  frame: Box;
  box: Box;
  scale: number | null;
  position: Position;
  maxPixels: number | null;
  force?: boolean;
}): LayoutPlan | null {
  const { frame, box, scale, position } = options;
  const canvas = options.maxPixels === null ? frame : fitPixels(frame, options.maxPixels);
  const fx = canvas.width / frame.width;
  const fy = canvas.height / frame.height;
  // scale: the subject's larger share of the canvas (width or height) becomes `scale`, aspect kept.
  const k = scale === null ? null : scale * Math.min(canvas.width / box.width, canvas.height / box.height);
  const width = clamp(Math.round(box.width * (k ?? fx)), 1, canvas.width);
  const height = clamp(Math.round(box.height * (k ?? fy)), 1, canvas.height);
  // 'original': the subject's centre stays where it was (then kept inside the canvas); otherwise
  // the share of the free space left of and above the subject.
  const original = position === 'original';
  const cx = (box.x - frame.x + box.width / 2) * fx;
  const cy = (box.y - frame.y + box.height / 2) * fy;
  const x = original
    ? clamp(Math.round(cx - width / 2), 0, canvas.width - width)
    : Math.round((canvas.width - width) * position.x);
  const y = original
    ? clamp(Math.round(cy - height / 2), 0, canvas.height - height)
    : Math.round((canvas.height - height) * position.y);
  const target = { x, y, width, height };
  const unchanged =
    canvas.width === frame.width &&
    canvas.height === frame.height &&
    x === box.x - frame.x &&
    y === box.y - frame.y &&
    width === box.width &&
    height === box.height;
  if (unchanged && !options.force) return null;
  return { canvas: { width: canvas.width, height: canvas.height }, source: box, target };
}

/**
 * Draws the subject (its box of the work image's colours and alpha) as it lies on the canvas: an
 * image of the target's size grown by `room` on every side (clipped to the canvas, room for a
 * shadow), and the canvas as a frame around it. The canvas itself is never allocated: the encoder
 * extends the image to the frame (libvips, lazily). A size change is one libvips resize of the
 * box as RGBA (premultiplied, so the colours under clear alpha do not bleed into the edge).
 */
export async function placeSubject(options: {
  image: Pixels;
  alpha: Uint8Array;
  plan: LayoutPlan;
  room: number;
}): Promise<{ image: Pixels; alpha: Uint8Array; frame: Box; subject: Box }> {
  const { image, alpha, plan, room } = options;
  const { source, target, canvas } = plan;
  const rgba = new Uint8Array(source.width * source.height * 4);
  const { data, width } = image;
  for (let y = 0, o = 0; y < source.height; y++) {
    const row = (source.y + y) * width + source.x;
    for (let x = 0, p = row * 3; x < source.width; x++, p += 3, o += 4) {
      rgba[o] = data[p]!;
      rgba[o + 1] = data[p + 1]!;
      rgba[o + 2] = data[p + 2]!;
      rgba[o + 3] = alpha[row + x]!;
    }
  }
  const resized =
    target.width === source.width && target.height === source.height
      ? rgba
      : await sharp(rgba, { raw: { width: source.width, height: source.height, channels: 4 } })
          .resize(target.width, target.height, { fit: 'fill' })
          .raw()
          .toBuffer();
  const x0 = Math.max(0, target.x - room);
  const y0 = Math.max(0, target.y - room);
  const w = Math.min(canvas.width, target.x + target.width + room) - x0;
  const h = Math.min(canvas.height, target.y + target.height + room) - y0;
  const subject = { x: target.x - x0, y: target.y - y0, width: target.width, height: target.height };
  const rgb = new Uint8Array(w * h * 3);
  const out = new Uint8Array(w * h);
  for (let y = 0, i = 0; y < subject.height; y++) {
    const row = (subject.y + y) * w + subject.x;
    for (let x = 0, p = row * 3; x < subject.width; x++, p += 3, i += 4) {
      rgb[p] = resized[i]!;
      rgb[p + 1] = resized[i + 1]!;
      rgb[p + 2] = resized[i + 2]!;
      out[row + x] = resized[i + 3]!;
    }
  }
  return {
    image: { data: rgb, width: w, height: h },
    alpha: out,
    frame: { x: -x0, y: -y0, width: canvas.width, height: canvas.height },
    subject,
  };
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, value));
}
