import { parseRemovalOptions } from '@cutout/engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toJobOptions } from './inference-protocol.ts';
import { decodeMask, encodeMask } from './redis-mask-store.ts';

/** What a worker's engine parses: the job's options through JSON, the background bytes beside them. */
function throughJob(raw: Record<string, unknown>) {
  const parsed = parseRemovalOptions(raw);
  const carried = JSON.parse(JSON.stringify(toJobOptions(parsed)));
  return { parsed, reparsed: parseRemovalOptions({ ...carried, bg_image: parsed.bg_image }) };
}

describe('removal options on a job', () => {
  it('come back from JSON as the same options, every field as sent by forms and as typed', async () => {
    const background = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const cases: Array<Record<string, unknown>> = [
      {},
      { size: 'preview' },
      { size: 'hd', type: 'product', type_level: '2', channels: 'alpha', format: 'jpeg' },
      { size: 'medium', megapixels: 0.5, format: 'auto', output_format: 'json' },
      { roi: '10% 5px 90% 95%', bg_color: '#0000ff80', crop: 'true', crop_margin: '10px 5%' },
      { crop: true, crop_margin: { top: 4, right: '2%', bottom: { value: 1, unit: 'px' } } },
      { scale: '80%' },
      { scale: 0.5, position: '20% 70%' },
      { position: 'center', add_shadow: 'yes', semitransparency: 'false' },
      { bg_color: { r: 1, g: 2, b: 3 }, bg_image: background },
      { bg_image: background.toString('base64'), format: 'webp' },
    ];
    for (const raw of cases) {
      const { parsed, reparsed } = throughJob(raw);
      expect(reparsed, JSON.stringify(raw)).toEqual(parsed);
    }
  });

  it('carry no bytes: the background travels apart', async () => {
    const background = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const carried = toJobOptions(parseRemovalOptions({ bg_image: background }));
    expect(carried).not.toHaveProperty('bg_image');
    expect(JSON.stringify(carried).length).toBeLessThan(600);
  });
});

describe('masks as Redis values', () => {
  it('keep their size and pixels, and a foreign value is no mask', () => {
    const mask = { width: 3, height: 2, data: Uint8Array.from([0, 1, 2, 253, 254, 255]) };
    const decoded = decodeMask(encodeMask(mask));
    expect(decoded?.width).toBe(3);
    expect(decoded?.height).toBe(2);
    expect([...(decoded?.data ?? [])]).toEqual([0, 1, 2, 253, 254, 255]);
    expect(decodeMask(Buffer.from('hello'))).toBeUndefined();
    expect(decodeMask(Buffer.concat([encodeMask(mask), Buffer.from([7])]))).toBeUndefined();
  });
});
