import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_MAX_AGE_MS, pruneBundles, workerBundle } from './bundle.ts';

describe('the worker bundle', () => {
  it('is one JavaScript module that imports only installed packages, written once per content', async () => {
    const file = await workerBundle();
    expect(file).toMatch(/[/\\]packages[/\\]engine[/\\]\.bundle[/\\]worker-[0-9a-f]{16}\.mjs$/);
    expect(await workerBundle()).toBe(file);
    const code = readFileSync(file, 'utf8');
    const imports = [...code.matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(imports).toContain('onnxruntime-node');
    expect(imports).toContain('sharp');
    // Nothing left for tsx: no relative module, no TypeScript file, none of this repository's packages.
    for (const specifier of imports) expect(specifier).toMatch(/^(?![./])(?!@cutout\/)(?!.*\.ts$)/);
  });

  it("keeps each module's own file URL, so that the kernels' WebAssembly is found beside its source", async () => {
    const code = readFileSync(await workerBundle(), 'utf8');
    expect(code).not.toContain('import.meta.url');
    const kernels = pathToFileURL(fileURLToPath(new URL('../pipeline/kernels.ts', import.meta.url)));
    expect(code).toContain(JSON.stringify(kernels.href));
    expect(existsSync(fileURLToPath(new URL('../pipeline/kernels.wasm', import.meta.url)))).toBe(true);
  });

  it('prunes bundles no engine has started from for a week, never the current one or other files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bundles-'));
    try {
      const now = Date.now();
      const make = (name: string, ageMs: number) => {
        const file = path.join(dir, name);
        writeFileSync(file, '');
        const at = new Date(now - ageMs);
        utimesSync(file, at, at);
        return file;
      };
      const current = make('worker-0000000000000000.mjs', 2 * BUNDLE_MAX_AGE_MS);
      const stale = make('worker-1111111111111111.mjs', BUNDLE_MAX_AGE_MS + 1000);
      const recent = make('worker-2222222222222222.mjs', BUNDLE_MAX_AGE_MS - 60_000);
      const partial = make('worker-3333333333333333.mjs.99.partial', 2 * BUNDLE_MAX_AGE_MS);
      expect(await pruneBundles(dir, current, now)).toEqual([stale]);
      for (const kept of [current, recent, partial]) expect(existsSync(kept)).toBe(true);
      expect(existsSync(stale)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
