// What the foreground type costs a removal: `npx tsx packages/engine/src/classify/measure.ts MODE [ROUNDS]`
// with MODE `alternate` (type_level none and type auto in turn, fresh cache scopes, one engine),
// `none` or `auto` (one kind only: run each in its own process to compare peak RSS). Needs
// ../shared/eval (kodim04, upscaled to 12 MP with grain like the benchmark's photos).
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEngine } from '../index.ts';

const mode = process.argv[2] ?? 'alternate';
const rounds = Number(process.argv[3] ?? 4);
const source = fileURLToPath(new URL('../../../../../shared/eval/images/kodak-kodim04.png', import.meta.url));
const up = await sharp(source).resize(2828, 4243).raw().toBuffer({ resolveWithObject: true });
for (let i = 0; i < up.data.length; i++) {
  const grain = (Math.random() + Math.random() + Math.random() - 1.5) * 8;
  up.data[i] = Math.max(0, Math.min(255, up.data[i]! + Math.round(grain)));
}
const photo = await sharp(up.data, { raw: up.info }).jpeg({ quality: 90 }).toBuffer();
const mb = (bytes: number) => Math.round(bytes / 1e6);
const engine = await createEngine({ classifier: true });
await engine.remove(await sharp(source).jpeg().toBuffer(), { type_level: 'none' }, { cacheScope: 'warm-up' });
const rssWarm = mb(process.memoryUsage().rss);
const runs: Record<string, { ms: number; cpuMs: number; type?: string }[]> = { none: [], auto: [] };
for (let r = 0; r < rounds; r++) {
  const kinds = mode === 'alternate' ? (r % 2 ? ['auto', 'none'] : ['none', 'auto']) : [mode];
  for (const kind of kinds) {
    const options = kind === 'none' ? { type_level: 'none' } : {};
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await engine.remove(photo, options, { cacheScope: `${kind}-${r}` });
    const used = process.cpuUsage(cpu);
    runs[kind]?.push({
      ms: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
      type: result.type,
    });
  }
}
const stat = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? { min: Math.round(sorted[0]!), median: Math.round(sorted[sorted.length >> 1]!) }
    : null;
};
const summary = Object.fromEntries(
  Object.entries(runs).map(([kind, list]) => [
    kind,
    {
      ms: stat(list.map((run) => run.ms)),
      cpuMs: stat(list.map((run) => run.cpuMs)),
      types: list.map((run) => run.type),
    },
  ]),
);
const rss = {
  warm: rssWarm,
  end: mb(process.memoryUsage().rss),
  peak: mb(process.resourceUsage().maxRSS * 1024),
};
console.log(JSON.stringify({ mode, rounds, ...summary, rss }));
await engine.close();
