// Generated photo-like JPEGs for the scale bench: a lit backdrop (gradient), a subject of a few
// shaded shapes and sensor-like grain, so that the network and the encoders see something like a
// product photo. Each request gets different bytes (a JPEG comment), so no mask cache ever hits.
import sharp from 'sharp';

/** A deterministic generator, so that every run sees the same pictures. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const hex = (value: number) =>
  Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');
const colour = (random: () => number) => `#${hex(random())}${hex(random())}${hex(random())}`;

function scene(width: number, height: number, seed: number): string {
  const random = generator(seed);
  const shapes: string[] = [];
  // The subject: a body and a few parts around the middle, each with its own light.
  for (let i = 0; i < 5; i += 1) {
    const cx = width * (0.35 + random() * 0.3);
    const cy = height * (0.3 + random() * 0.45);
    const r = Math.min(width, height) * (0.08 + random() * 0.16);
    const fill = `url(#shade${i})`;
    shapes.push(
      `<radialGradient id="shade${i}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${colour(random)}"/>` +
        `<stop offset="1" stop-color="${colour(random)}"/></radialGradient>`,
      i % 2 === 0
        ? `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * (0.6 + random() * 0.8)}" fill="${fill}"/>`
        : `<rect x="${cx - r}" y="${cy - r / 2}" width="${2 * r}" height="${r}" rx="${r / 5}" fill="${fill}"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="backdrop" x1="0" y1="0" x2="0.3" y2="1">` +
    `<stop offset="0" stop-color="${colour(random)}"/><stop offset="1" stop-color="${colour(random)}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#backdrop)"/>` +
    `<ellipse cx="${width / 2}" cy="${height * 0.85}" rx="${width * 0.3}" ry="${height * 0.05}" fill="#000" fill-opacity="0.25"/>` +
    `${shapes.join('')}</svg>`
  );
}

/** One photo-like JPEG of `width`×`height`, the same for the same seed. */
export async function photoLike(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = await sharp(Buffer.from(scene(width, height, seed)))
    .removeAlpha()
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = Math.max(0, Math.min(255, (pixels[i] ?? 0) + (grain[i] ?? 128) - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same JPEG with a comment after SOI: the same pixels, different bytes. */
export function tagged(jpeg: Buffer, tag: string): Buffer {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** `count` distinct requests' worth of images, made from a few generated scenes. */
export async function imageSet(options: {
  width: number;
  height: number;
  count: number;
  tag: string;
}): Promise<Buffer[]> {
  const scenes = await Promise.all(
    Array.from({ length: Math.min(4, options.count) }, (_, i) =>
      photoLike(options.width, options.height, i + 1),
    ),
  );
  return Array.from({ length: options.count }, (_, i) =>
    tagged(scenes[i % scenes.length] as Buffer, `bench ${options.tag} ${process.pid} ${i}`),
  );
}
