// Compiles assembly/kernels.ts (AssemblyScript) to src/pipeline/kernels.wasm, which is committed so
// that the engine needs no compiler to run; kernels.test.ts compiles again and compares.
//   npm run build:wasm -w packages/engine
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

export const KERNELS_SOURCE = fileURLToPath(new URL('../assembly/kernels.ts', import.meta.url));
export const KERNELS_WASM = fileURLToPath(new URL('../src/pipeline/kernels.wasm', import.meta.url));

/**
 * The module's bytes. No runtime (the kernels allocate nothing), no assertions, and the memory
 * comes from the caller: each call lays its planes out in a memory of its own.
 */
export async function compileKernels(): Promise<Uint8Array> {
  let binary: Uint8Array | null = null;
  const { error, stderr } = await asc.main(
    [KERNELS_SOURCE, '-O3', '--noAssert', '--runtime', 'stub', '--importMemory', '-o', 'kernels.wasm'],
    {
      writeFile: (name, contents) => {
        if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
      },
    },
  );
  if (error || !binary) throw new Error(`asc failed: ${error?.message ?? 'no output'}\n${stderr.toString()}`);
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const binary = await compileKernels();
  await writeFile(KERNELS_WASM, binary);
  console.log(`${KERNELS_WASM}: ${binary.length} bytes`);
}
