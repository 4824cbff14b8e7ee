import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeBackground } from '@imgly/background-removal-node';
import { imglyDistDir } from '../src/model/assemble.ts';

/** The installed peer's version (kept results are keyed by it). */
export const PEER_VERSION: string = JSON.parse(
  readFileSync(path.join(imglyDistDir(), '..', 'package.json'), 'utf8'),
).version;

/** The peer's configuration: its own weights, found wherever npm put the package. */
export const PEER_CONFIG = { publicPath: `${pathToFileURL(imglyDistDir()).href}/`, model: 'medium' as const };

const MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The peer's default end-to-end call: bytes in, its PNG cut-out out. */
export async function peerCutout(bytes: Uint8Array, format: string): Promise<Buffer> {
  const blob = await removeBackground(new Blob([bytes], { type: MIME[format] ?? 'image/png' }), PEER_CONFIG);
  return Buffer.from(await blob.arrayBuffer());
}

/** The peer's alpha without encoding losses (its raw RGBA output), for scoring. */
export async function peerAlpha(bytes: Uint8Array, format: string): Promise<Uint8Array> {
  const config = { ...PEER_CONFIG, output: { format: 'image/x-rgba8' as const } };
  const blob = await removeBackground(new Blob([bytes], { type: MIME[format] ?? 'image/png' }), config);
  const rgba = new Uint8Array(await blob.arrayBuffer());
  const alpha = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]!;
  return alpha;
}
