import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The JavaScript functions that hold the loops of refinement and compositing (see upsampledAlpha
 * in alpha.ts); the grid's (guide planes, mask, guided filter, colour grid and estimates) are
 * WebAssembly (kernels.ts).
 */
const LOOPS = ['upsampledAlpha', 'paintColours', 'paintPixel', 'foregroundBox', 'shifted', 'constantCells'];

/** Rounds of the child: V8 settles within about six. */
const ROUNDS = 10;

describe('the pipeline under V8', () => {
  it('keeps its loops optimised from one request to the next, garbage collected in between', async () => {
    const child = fileURLToPath(new URL('./jit-child.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--trace-opt', '--import', 'tsx', child, String(ROUNDS)],
      { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
    );
    // Functions compiled by TurboFan, per round.
    const compiled: string[][] = [];
    for (const line of stdout.split('\n')) {
      const round = /^round (\d+)/.exec(line);
      if (round) compiled[Number(round[1])] = [];
      const name = /^\[compiling method .*<JSFunction (\w+)/.exec(line)?.[1];
      if (name && compiled.length > 0) compiled[compiled.length - 1]!.push(name);
    }
    const loops = (round: number) => (compiled[round] ?? []).filter((name) => LOOPS.includes(name));
    // The first rounds compile them (else this test would show nothing)...
    expect(new Set([...loops(1), ...loops(2)]).size).toBeGreaterThanOrEqual(3);
    // ...and the last rounds find them still compiled: at most a stray recompilation, where a loop
    // over an options object was compiled again in every round (~30 a round).
    const late = [ROUNDS - 2, ROUNDS - 1, ROUNDS].flatMap(loops);
    expect(late.length, late.join(' ')).toBeLessThanOrEqual(3);
  }, 150_000);
});
