import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../index.ts';
import { discPhoto } from '../test-images.ts';

const LEVEL_1 = ['person', 'product', 'animal', 'car', 'other'];
const LEVEL_2 = [...LEVEL_1, 'car_interior', 'car_part', 'transportation', 'graphics'];

// One engine; the same photo throughout, so IS-Net runs once for it and the rest is the mask cache.
let engine: Engine;
let photo: Buffer;
beforeAll(async () => {
  engine = await createEngine({ workers: 1, warmup: false, classifier: true });
  photo = await discPhoto({ width: 400, height: 300 });
});
afterAll(() => engine?.close());

describe("engine: the result's foreground type", () => {
  it('detects it for type auto at the level asked, echoes a named one, and has none for level none', async () => {
    const auto = await engine.remove(photo);
    expect(LEVEL_1).toContain(auto.type);
    expect(LEVEL_2).toContain((await engine.remove(photo, { type_level: '2' })).type);
    expect(await engine.remove(photo, { type: 'car' })).toMatchObject({ type: 'car', maskCached: true });
    expect((await engine.remove(photo, { type: 'graphics', type_level: 'latest' })).type).toBe('graphics');
    expect(await engine.remove(photo, { type_level: 'none' })).not.toHaveProperty('type');
    expect(await engine.remove(photo, { type: 'car', type_level: 'none' })).not.toHaveProperty('type');
  });

  const evalPhoto = fileURLToPath(
    new URL('../../../../../shared/eval/images/ecssd-0052.jpg', import.meta.url),
  );
  it.skipIf(!existsSync(evalPhoto))('says person for a photo of a woman (evaluation set)', async () => {
    expect((await engine.remove(readFileSync(evalPhoto), { size: 'preview' })).type).toBe('person');
  });
});
