import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compileKernels, KERNELS_WASM } from '../../scripts/build-kernels.ts';
import {
  boxMean,
  freshPageMicros,
  KEEP_BYTES,
  KEEP_SLOW_FAULTS_BYTES,
  keepKernelMemory,
  kernelMemoryBytes,
} from './kernels.ts';

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

  const plane = (w: number, h: number) => Float32Array.from({ length: w * h }, (_, i) => Math.sin(i) + 1);

  it('grow the memory for a larger call, keep a small one and let a large one go', () => {
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

  it("keep a 12 MP refinement's memory where fresh pages are slow to fault in, and no more", () => {
    keepKernelMemory(true);
    try {
      // ~36 MB: past what a thread keeps otherwise, within what it keeps where faults are slow.
      const first = boxMean({ src: plane(2000, 1500), width: 2000, height: 1500, radius: 3 });
      const kept = kernelMemoryBytes();
      expect(kept).toBeGreaterThan(KEEP_BYTES);
      expect(kept).toBeLessThanOrEqual(KEEP_SLOW_FAULTS_BYTES);
      // The same call again runs in the memory kept, with the same result.
      const again = boxMean({ src: plane(2000, 1500), width: 2000, height: 1500, radius: 3 });
      expect(kernelMemoryBytes()).toBe(kept);
      expect(Buffer.from(again.buffer).equals(Buffer.from(first.buffer))).toBe(true);
      // ~72 MB: let go even so.
      boxMean({ src: plane(2500, 2400), width: 2500, height: 2400, radius: 3 });
      expect(kernelMemoryBytes()).toBeLessThanOrEqual(KEEP_BYTES);
    } finally {
      keepKernelMemory(false);
    }
  });

  it('measure what a fresh page of memory costs', () => {
    const micros = freshPageMicros(1);
    expect(micros).toBeGreaterThan(0);
    expect(micros).toBeLessThan(10_000);
  });
});
