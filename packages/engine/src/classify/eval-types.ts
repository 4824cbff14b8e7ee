// The classifier on an evaluation set: `npx tsx packages/engine/src/classify/eval-types.ts ../shared/eval`.
// Prints each photo's category and description (from manifest.csv) beside the type at levels 1 and 2.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createForegroundClassifier } from './classifier.ts';

const dir = process.argv[2] ?? '../shared/eval';
const rows = readFileSync(path.join(dir, 'manifest.csv'), 'utf8').trim().split('\n').slice(1);
const classifier = createForegroundClassifier();
const ms: number[] = [];
for (const row of rows) {
  // name,image,mask,category,...,description,... (the description may be quoted and hold commas)
  const [name, image, , category] = row.split(',');
  const description = /,(?:binary|soft),[\d.]+,[\d.]+,("[^"]*"|[^,]*),/.exec(row)?.[1] ?? '';
  const bytes = readFileSync(path.join(dir, image as string));
  const level1 = await classifier.classify(bytes, { level: '1', cacheKey: name });
  const level2 = await classifier.classify(bytes, { level: '2', cacheKey: name });
  ms.push(classifier.lastMs() ?? Number.NaN);
  console.log([name, category, level1, level2, description.replaceAll('"', '')].join('\t'));
}
ms.sort((a, b) => a - b);
console.log(`detector thread per photo (decode + network): median ${ms[ms.length >> 1]?.toFixed(0)} ms`);
await classifier.close();
