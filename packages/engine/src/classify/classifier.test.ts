import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { humanCenterNetFiles } from './centernet.ts';
import { createForegroundClassifier } from './classifier.ts';

// One classifier (one detector thread, CenterNet loaded once) for the file.
const warnings: string[] = [];
const classifier = createForegroundClassifier({ onWarning: (message) => warnings.push(message) });
afterAll(() => classifier.close());

const blank = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#f4f1ea' } })
    .png()
    .toBuffer();

describe('the foreground classifier (CenterNet on tfjs WebAssembly)', () => {
  it('reads its model from the installed @vladmandic/human package', () => {
    const files = humanCenterNetFiles();
    expect(files.json).toMatch(/node_modules[\\/]@vladmandic[\\/]human[\\/]models[\\/]centernet\.json$/);
    expect(existsSync(files.json) && existsSync(files.weights)).toBe(true);
  });

  it('finds nothing in a blank picture or in noise: other, at every level', async () => {
    expect(await classifier.classify(await blank(), { level: '1' })).toBe('other');
    const noise = Buffer.alloc(320 * 240 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const png = await sharp(noise, { raw: { width: 320, height: 240, channels: 3 } })
      .png()
      .toBuffer();
    expect(await classifier.classify(png, { level: 'latest' })).toBe('other');
    expect(await classifier.classify(png, { level: 'none' })).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('remembers the type of a key: the next call for it does not look at the bytes', async () => {
    const junk = Buffer.from('not a picture');
    // Bytes that are no picture: no type, and no warning (the removal refuses them itself).
    expect(await classifier.classify(junk, { level: '1' })).toBeUndefined();
    expect(await classifier.classify(await blank(), { level: '1', cacheKey: 'scope:abc' })).toBe('other');
    expect(await classifier.classify(junk, { level: '2', cacheKey: 'scope:abc' })).toBe('other');
    expect(warnings).toEqual([]);
  });

  it('degrades to no type, with one warning, when the model files are missing', async () => {
    const said: string[] = [];
    const broken = createForegroundClassifier({
      files: { json: '/nonexistent/centernet.json', weights: '/nonexistent/centernet.bin' },
      onWarning: (message) => said.push(message),
    });
    try {
      const photo = await blank();
      expect(await broken.classify(photo, { level: '1' })).toBeUndefined();
      expect(await broken.classify(photo, { level: '2' })).toBeUndefined();
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/foreground classifier unavailable.*ENOENT/);
    } finally {
      await broken.close();
    }
  });
});

describe('the foreground classifier on photos of the evaluation set', () => {
  const evalDir = fileURLToPath(new URL('../../../../../shared/eval/images/', import.meta.url));
  const present = existsSync(evalDir);
  if (!present) console.warn(`[classifier tests] ${evalDir} is absent: skipping the photo smoke test`);

  // One or two per category the set has; the set's licence allows evaluation only, so they are read
  // from ../shared, never copied.
  const cases: Array<[file: string, level1: string, level2: string]> = [
    ['ecssd-0052.jpg', 'person', 'person'], // woman standing
    ['kodak-kodim15.png', 'person', 'person'], // girl with face paint
    ['ecssd-0039.jpg', 'car', 'car'], // white sedan
    ['ecssd-0886.jpg', 'car', 'transportation'], // double-decker bus
    ['ecssd-0083.jpg', 'animal', 'animal'], // white cat
    ['kodak-kodim23.png', 'animal', 'animal'], // two macaws
    ['ecssd-0837.jpg', 'product', 'product'], // coffee cup
  ];

  it.skipIf(!present)('says person, car, animal and product for such photos', async () => {
    const answers = [];
    for (const [file] of cases) {
      const bytes = readFileSync(`${evalDir}${file}`);
      answers.push([
        file,
        await classifier.classify(bytes, { level: '1', cacheKey: file }),
        await classifier.classify(bytes, { level: '2', cacheKey: file }),
      ]);
    }
    expect(answers).toEqual(cases);
  });
});
