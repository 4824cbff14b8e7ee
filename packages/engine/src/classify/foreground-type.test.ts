import { describe, expect, it } from 'vitest';
import { COCO_CLASSES, type DetectedType } from './coco.ts';
import { type Detection, decodeDetections } from './detections.ts';
import { detectedType, MIN_EVIDENCE, typeAtLevel } from './foreground-type.ts';
import { resultType } from './result-type.ts';

const classOf = (label: string) => COCO_CLASSES.findIndex(([name]) => name === label);
const typeOf = (label: string) => COCO_CLASSES[classOf(label)]?.[1];

/** A detection of `label` over a box of the given share of the photo (a square from the corner). */
function seen(label: string, score: number, area: number, at = 0): Detection {
  const side = Math.sqrt(area);
  return { classId: classOf(label), score, box: { x1: at, y1: at, x2: at + side, y2: at + side } };
}

describe('COCO classes to foreground types', () => {
  it('has all 80 classes, each with a type', () => {
    expect(COCO_CLASSES).toHaveLength(80);
    expect(new Set(COCO_CLASSES.map(([label]) => label)).size).toBe(80);
    const types: DetectedType[] = ['person', 'product', 'animal', 'car', 'transportation', 'other'];
    for (const [, type] of COCO_CLASSES) expect(types).toContain(type);
  });

  it('maps people, animals, cars, other vehicles and products as remove.bg names them', () => {
    expect(typeOf('person')).toBe('person');
    expect(typeOf('car')).toBe('car');
    const animals = ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe'];
    for (const label of animals) expect(typeOf(label), label).toBe('animal');
    const vehicles = ['bus', 'train', 'truck', 'boat', 'airplane', 'motorcycle', 'bicycle'];
    for (const label of vehicles) expect(typeOf(label), label).toBe('transportation');
    const products = [
      'bottle',
      'cup',
      'chair',
      'laptop',
      'handbag',
      'backpack',
      'cake',
      'teddy bear',
      'vase',
    ];
    for (const label of products) expect(typeOf(label), label).toBe('product');
    for (const label of ['traffic light', 'stop sign', 'fire hydrant'])
      expect(typeOf(label), label).toBe('other');
    // Only the four street fixtures say nothing; every other class is a subject of its own.
    expect(COCO_CLASSES.filter(([, type]) => type === 'other')).toHaveLength(4);
  });
});

describe('the type of a photo from its detections', () => {
  it('is the type with the most score × area, and other when nothing is sure or large enough', () => {
    expect(detectedType([])).toBe('other');
    expect(detectedType([seen('dog', 0.6, 0.5)])).toBe('animal');
    // A large, sure cat outweighs a few small people far away.
    const crowd = [seen('person', 0.5, 0.02), seen('person', 0.4, 0.03, 0.5), seen('person', 0.4, 0.02, 0.8)];
    expect(detectedType([seen('cat', 0.5, 0.4), ...crowd])).toBe('animal');
    // The small people alone are not a subject: their evidence stays under the threshold.
    expect(detectedType(crowd)).toBe('other');
    expect(detectedType([seen('bottle', 0.5, MIN_EVIDENCE / 0.5 + 0.001)])).toBe('product');
    expect(detectedType([seen('bottle', 0.5, MIN_EVIDENCE / 0.5 - 0.001)])).toBe('other');
    // Several objects of one type add up: three bottles beat one person of about their joint size.
    const bottles = [seen('bottle', 0.5, 0.1), seen('cup', 0.5, 0.1, 0.4), seen('vase', 0.5, 0.1, 0.7)];
    expect(detectedType([seen('person', 0.5, 0.25), ...bottles])).toBe('product');
  });

  it('names it at the level asked: level 1 has no transportation, none has no type', () => {
    expect(typeAtLevel('transportation', '1')).toBe('car');
    expect(typeAtLevel('transportation', '2')).toBe('transportation');
    expect(typeAtLevel('transportation', 'latest')).toBe('transportation');
    for (const type of ['person', 'product', 'animal', 'car', 'other'] as const) {
      expect(typeAtLevel(type, '1')).toBe(type);
      expect(typeAtLevel(type, '2')).toBe(type);
      expect(typeAtLevel(type, 'none')).toBeUndefined();
    }
  });
});

describe("CenterNet's raw detections", () => {
  /** Rows of x1, y1, x2, y2 (input pixels), score, class id; scores exact in float32. */
  const raw = (...rows: number[][]) => Float32Array.from(rows.flat());

  it('keeps sure boxes in photo fractions, best first, and drops unsure, empty or unknown ones', () => {
    const detections = decodeDetections({
      inputSize: 100,
      raw: raw(
        [10, 20, 60, 80, 0.375, classOf('dog')],
        [0, 0, 50, 50, 0.75, classOf('person')],
        [60, 60, 90, 90, 0.1, classOf('car')], // under 0.2
        [70, 70, 70, 90, 0.8, classOf('car')], // no width
        [0, 0, 10, 10, 0.8, Number.NaN],
        [0, 0, 10, 10, 0.8, 80], // no such class
        [-10, 90, 20, 130, 0.5, classOf('cup')], // clipped to the photo
      ),
    });
    expect(detections).toEqual([
      { classId: classOf('person'), score: 0.75, box: { x1: 0, y1: 0, x2: 0.5, y2: 0.5 } },
      { classId: classOf('cup'), score: 0.5, box: { x1: 0, y1: 0.9, x2: 0.2, y2: 1 } },
      { classId: classOf('dog'), score: 0.375, box: { x1: 0.1, y1: 0.2, x2: 0.6, y2: 0.8 } },
    ]);
  });

  it('drops a box overlapping a surer one whatever its class, and keeps at most maxDetections', () => {
    const portrait = decodeDetections({
      inputSize: 100,
      raw: raw([10, 0, 90, 100, 0.7, classOf('person')], [12, 2, 88, 100, 0.25, classOf('bed')]),
    });
    expect(portrait.map((d) => COCO_CLASSES[d.classId]?.[0])).toEqual(['person']);
    const many = raw(...Array.from({ length: 20 }, (_, i) => [i * 5, 0, i * 5 + 4, 4, 0.5, classOf('cup')]));
    expect(decodeDetections({ inputSize: 100, raw: many })).toHaveLength(10);
    expect(decodeDetections({ inputSize: 100, raw: many, filter: { maxDetections: 3 } })).toHaveLength(3);
  });
});

describe("a result's type", () => {
  const detect = async (level: string) => `detected at ${level}`;

  it('echoes a named type, detects auto at its level, and has none for type_level none', async () => {
    expect(await resultType({ type: 'car', type_level: '1' }, detect)).toBe('car');
    expect(await resultType({ type: 'graphics', type_level: '2' }, null)).toBe('graphics');
    expect(await resultType({ type: 'auto', type_level: '2' }, detect)).toBe('detected at 2');
    expect(await resultType({ type: 'auto', type_level: 'latest' }, detect)).toBe('detected at latest');
    expect(await resultType({ type: 'auto', type_level: '1' }, null)).toBeUndefined();
    expect(await resultType({ type: 'car', type_level: 'none' }, detect)).toBeUndefined();
    expect(await resultType({ type: 'auto', type_level: 'none' }, detect)).toBeUndefined();
  });
});
