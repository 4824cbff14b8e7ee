import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compileKernels, KERNELS_WASM } from '../../scripts/build-kernels.ts';
import { boxMean, keepKernelMemory, kernelMemoryBytes } from './kernels.ts';

describe('WebAssembly kernels', () => {
  it('kernels.wasm is what assembly/kernels.ts compiles to (run npm run build:wasm after changing it)', async () => {
    const committed = new Uint8Array(await readFile(KERNELS_WASM));
    expect(Buffer.from(await compileKernels()).equals(committed)).toBe(true);
  }, 60_000);

  it('take their memory from the caller and export only the kernels', async () => {
    const module = new WebAssembly.Module(await readFile(KERNELS_WASM));
    expect(WebAssembly.Module.imports(module)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
    expect(
      WebAssembly.Module.exports(module)
        .map((e) => e.name)
        .sort(),
    ).toEqual(
      [
        'bilinearSnapped',
        'blockMeans',
        'boxMean',
        'fusedEstimates',
        'guidedCoefficients',
        'guidedScratch',
        'memory',
        'toPlanes',
      ].sort(),
    );
  });

  it('grow the memory for a larger call, keep a small one and let a large one go', () => {
    const plane = (w: number, h: number) => Float32Array.from({ length: w * h }, (_, i) => Math.sin(i) + 1);
    const small = plane(300, 200);
    const before = boxMean({ src: small, width: 300, height: 200, radius: 2 });
    const kept = kernelMemoryBytes();
    expect(kept).toBeGreaterThan(3 * 300 * 200 * 4);
    // 2000 × 1500 planes need ~36 MB: far past the memory the small call used, and past what a
    // thread keeps between calls.
    const large = boxMean({ src: plane(2000, 1500), width: 2000, height: 1500, radius: 3 });
    expect(large.length).toBe(3_000_000);
    expect(large[1_234_567]).toBeGreaterThan(0);
    expect(kernelMemoryBytes()).toBeLessThanOrEqual(16 << 20);
    expect(Array.from(boxMean({ src: small, width: 300, height: 200, radius: 2 }))).toEqual(
      Array.from(before),
    );
    expect(kernelMemoryBytes()).toBe(kept);
  });

  it('keep a large memory where told to (the fast budget), and let it go when told otherwise', () => {
    const plane = (w: number, h: number) => Float32Array.from({ length: w * h }, (_, i) => Math.cos(i) + 1);
    const large = plane(2000, 1500);
    try {
      keepKernelMemory(Number.POSITIVE_INFINITY);
      const first = boxMean({ src: large, width: 2000, height: 1500, radius: 3 });
      const grown = kernelMemoryBytes();
      expect(grown).toBeGreaterThan(16 << 20);
      // The same call again reuses the memory: same size, same result.
      const again = boxMean({ src: large, width: 2000, height: 1500, radius: 3 });
      expect(Buffer.from(again.buffer).equals(Buffer.from(first.buffer))).toBe(true);
      expect(kernelMemoryBytes()).toBe(grown);
    } finally {
      keepKernelMemory(16 << 20);
    }
    boxMean({ src: plane(30, 20), width: 30, height: 20, radius: 1 });
    expect(kernelMemoryBytes()).toBeLessThanOrEqual(16 << 20);
  });
});
