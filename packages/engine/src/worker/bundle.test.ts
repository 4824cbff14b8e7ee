import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerBundle } from './bundle.ts';

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
});
