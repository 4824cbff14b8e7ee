import sharp from 'sharp';

/** A small photo-like PNG: a dark disc (the subject) on a light background. */
export function subjectPng(width = 160, height = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#eef2f6"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#b8321e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The first bytes of every PNG. */
export const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
