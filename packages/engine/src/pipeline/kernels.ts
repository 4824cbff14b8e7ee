/// <reference path="../webassembly.d.ts" />

import { readFileSync } from 'node:fs';
import { SLOW_PAGE_FAULT_MICROS } from '../allocator.mjs';
import type { GuideImage } from './guided.ts';
import type { AxisMap } from './resample.ts';

// The refinement's hottest loops as WebAssembly (assembly/kernels.ts, compiled by
// scripts/build-kernels.ts into kernels.wasm beside this file). One instance per thread, whose
// memory is reused by every call: fresh memory costs a page fault per 4 KB touched (~0.6 ms per
// MB here), more than some kernels take. It holds only what the calls lay out in it (a few MB at
// the colour grid's size) and the results are copied out, so no view of it outlives a call.

const compiled = new WebAssembly.Module(readFileSync(new URL('./kernels.wasm', import.meta.url)));

interface Kernels {
  boxMean(
    src: number,
    dst: number,
    tmp: number,
    w: number,
    h: number,
    r: number,
    prefix: number,
    acc: number,
  ): void;
  fusedEstimates(
    image: number,
    alpha: number,
    w: number,
    h: number,
    r0: number,
    r1: number,
    out: number,
    scratch: number,
  ): void;
  guidedCoefficients(
    R: number,
    G: number,
    B: number,
    p: number,
    w: number,
    h: number,
    r: number,
    eps: number,
    out: number,
    scratch: number,
  ): number;
  guidedScratch(w: number, h: number, r: number): number;
  blockMeans(
    R: number,
    G: number,
    B: number,
    coeffs: number,
    w: number,
    h: number,
    factor: number,
    out: number,
  ): void;
  toPlanes(rgb: number, n: number, out: number): void;
  bilinearSnapped(
    src: number,
    width: number,
    toWidth: number,
    toHeight: number,
    xi0: number,
    xi1: number,
    xw: number,
    yi0: number,
    yi1: number,
    yw: number,
    snap: number,
    out: number,
  ): void;
}

type Planes3 = [Float32Array, Float32Array, Float32Array];
type Planes4 = [...Planes3, Float32Array];

const PAGE = 65536;
/** The module's own data (none today) would lie below this; planes are laid out above it. */
const BASE = PAGE;
const ALIGN = 16;

/**
 * The thread's memory is kept while it is at most this large (the colour grid's calls); a call
 * that grew it past this (the guided filter on a large grid) leaves a fresh one behind, so that a
 * worker does not hold tens of MB under the next request's network run. Keeping all of it (~56 MB
 * at 12 MP) spared the page faults of fresh memory, but cost more at peak than it saved in time
 * where a fault is cheap (README, "Workers").
 */
export const KEEP_BYTES = 16 << 20;

/**
 * What a thread keeps where fresh pages are slow to fault in (`keepKernelMemory`): a 12 MP
 * removal's refinement (~56 MB), not a larger one's.
 */
export const KEEP_SLOW_FAULTS_BYTES = 64 << 20;

/**
 * From this cost of a fresh 4 KB page, a 12 MP refinement's ~14,000 faults take ~85 ms or more, and
 * the `fast` budget keeps its memory (KEEP_SLOW_FAULTS_BYTES). Measured: 1.3-2.7 µs on most VMs,
 * 13-18 µs on some Zen 5 hosts, where keeping it took a 12 MP refinement from ~230 to ~100 ms.
 */
export { SLOW_PAGE_FAULT_MICROS };

let keepBytes = KEEP_BYTES;

/** Whether this thread keeps up to KEEP_SLOW_FAULTS_BYTES of kernel memory between calls, or KEEP_BYTES. */
export function keepKernelMemory(keep: boolean): void {
  keepBytes = keep ? KEEP_SLOW_FAULTS_BYTES : KEEP_BYTES;
}

/**
 * Microseconds to fault in one fresh 4 KB page of WebAssembly memory (V8 maps it itself, never in
 * huge pages), the best of `rounds` fresh memories of 4 MB: ~5 ms where faults are cheap, ~60 ms
 * where they are not.
 */
export function freshPageMicros(rounds = 3): number {
  const bytes = 4 << 20;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const fresh = new Uint8Array(new WebAssembly.Memory({ initial: bytes / PAGE }).buffer);
    const start = performance.now();
    for (let at = 0; at < bytes; at += 4096) fresh[at] = 1;
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1000) / (bytes / 4096);
}

let memory = new WebAssembly.Memory({ initial: 1 });
let kernels = instantiate(memory);

function instantiate(memory: WebAssembly.Memory): Kernels {
  return new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as Kernels;
}

/**
 * Runs one call: `work` lays its regions out in the thread's memory (grown first to `bytes` if need
 * be), calls the kernels and copies its results out. Then a memory grown past what the thread keeps
 * (KEEP_BYTES, or KEEP_SLOW_FAULTS_BYTES: keepKernelMemory) is let go.
 */
function withLayout<T>(bytes: number, work: (layout: Layout, kernels: Kernels) => T): T {
  const missing = BASE + bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
  try {
    return work(new Layout(), kernels);
  } finally {
    if (memory.buffer.byteLength > keepBytes) {
      memory = new WebAssembly.Memory({ initial: 1 });
      kernels = instantiate(memory);
    }
  }
}

/** One call's regions, laid out front to back in the thread's memory. */
class Layout {
  private next = BASE;

  /** A region of `bytes`; its offset. */
  reserve(bytes: number): number {
    const at = this.next;
    this.next += Math.ceil(bytes / ALIGN) * ALIGN;
    if (this.next > memory.buffer.byteLength) throw new Error('kernel memory laid out past its size');
    return at;
  }

  f32(length: number): Float32Array {
    return new Float32Array(memory.buffer, this.reserve(length * 4), length);
  }

  /** Copies of equal planes one after another in this memory. */
  stacked(planes: readonly Float32Array[]): Float32Array {
    const n = planes[0]!.length;
    const region = this.f32(planes.length * n);
    planes.forEach((plane, c) => {
      region.set(plane, c * n);
    });
    return region;
  }

  /** A copy of `array` in this memory; its offset. */
  copy(array: Uint8Array | Int32Array | Float32Array): number {
    const at = this.reserve(array.byteLength);
    new Uint8Array(memory.buffer, at, array.byteLength).set(
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
    );
    return at;
  }
}

/** The size of this thread's kernel memory now. */
export function kernelMemoryBytes(): number {
  return memory.buffer.byteLength;
}

/** Bytes that `count` regions of the given sizes take, alignment included. */
function span(...sizes: number[]): number {
  return sizes.reduce((sum, bytes) => sum + Math.ceil(bytes / ALIGN) * ALIGN, 0);
}

/**
 * Mean over the (2r+1)² window around every pixel of a plane, the window clipped at the borders;
 * O(1) per pixel whatever the radius.
 */
export function boxMean(options: {
  src: Float32Array;
  width: number;
  height: number;
  radius: number;
}): Float32Array {
  const { src, width: w, height: h } = options;
  const n = w * h;
  const r = Math.max(0, Math.floor(options.radius));
  return withLayout(span(n * 4, n * 4, n * 4, (w + 1) * 8, w * 8), (layout, kernels) => {
    const at = layout.stacked([src]).byteOffset;
    const out = layout.f32(n);
    const tmp = layout.reserve(n * 4);
    kernels.boxMean(at, out.byteOffset, tmp, w, h, r, layout.reserve((w + 1) * 8), layout.reserve(w * 8));
    return out.slice();
  });
}

/**
 * Blur-fusion foreground and background colours (see pipeline/foreground.ts) of planar RGB in
 * [0,1] under `alpha`: six planes, F̄ then B̄, 0..255.
 */
export function fusedEstimates(
  image: GuideImage,
  alpha: Float32Array,
  radii: readonly [number, number],
): Float32Array[] {
  const { width: w, height: h } = image;
  const n = w * h;
  const scratch = 9 * n * 4 + (2 * w + 1) * 8;
  const [r0, r1] = radii.map((r) => Math.max(0, Math.floor(r))) as [number, number];
  return withLayout(span(3 * n * 4, n * 4, 6 * n * 4, scratch), (layout, kernels) => {
    const rgb = layout.stacked([image.r, image.g, image.b]).byteOffset;
    const a = layout.stacked([alpha]).byteOffset;
    const out = layout.f32(6 * n);
    kernels.fusedEstimates(rgb, a, w, h, r0, r1, out.byteOffset, layout.reserve(scratch));
    return split(out, 6);
  });
}

/** What refinedGrid makes: the coefficients, and the grid on which foreground colours are estimated. */
export interface RefinedGrid {
  /** The guided filter's coefficients [ar, ag, ab, b] (refinement off: [0, 0, 0, the mask]). */
  coefficients: Planes4;
  /**
   * With factor > 1: the guide and its refined alpha averaged over factor × factor blocks (partial
   * blocks at the right and bottom). With factor ≤ 1: the guide's planes in [0,1] and no alpha (the
   * coefficients give it). null without a factor (a mask-only result).
   */
  colours: { image: GuideImage; alpha: Float32Array | null } | null;
}

/**
 * The refinement on its grid in one call, its planes made and used in this memory without a copy
 * to JavaScript and back: the photo at the grid's size (interleaved 8-bit RGB) to planes
 * (toPlanes); the network's 8-bit mask resampled onto the grid by the axis maps and snapped
 * (bilinearSnapped: within `maskSnap` levels of 0 or 255 exactly 0 or 1); the guided filter's
 * coefficients at `radius` and `eps` (see pipeline/guided.ts), or with `guided` null (refinement off) alpha
 * = the snapped mask; then the colour grid over factor × factor blocks where factor > 1
 * (blockMeans), or the guide's planes where it is 1 (null: no colour grid, for a mask-only result).
 * Only the coefficients and the colour grid (or the small guide) are copied out.
 */
export function refinedGrid(options: {
  rgb: Uint8Array;
  grid: { width: number; height: number };
  mask: { data: Uint8Array; width: number };
  xs: AxisMap;
  ys: AxisMap;
  maskSnap: number;
  guided: { radius: number; eps: number } | null;
  factor: number | null;
}): RefinedGrid {
  const { rgb, grid, mask, xs, ys, maskSnap, guided, factor } = options;
  const { width: w, height: h } = grid;
  const n = w * h;
  const r = guided ? Math.max(1, Math.floor(guided.radius)) : 0;
  const scratch = guided ? kernels.guidedScratch(w, h, r) : 0;
  // The side of the colour grid's blocks, 0 for none.
  const side = factor !== null && factor > 1 ? factor : 0;
  const cells = side ? Math.ceil(w / side) * Math.ceil(h / side) : 0;
  const maps = [xs.i0, xs.i1, xs.w, ys.i0, ys.i1, ys.w];
  const sizes = [rgb.length, mask.data.length, ...maps.map((m) => m.byteLength)];
  return withLayout(span(...sizes, 4 * n * 4, 4 * n * 4, scratch, 4 * cells * 4), (layout, kernels) => {
    const photo = layout.copy(rgb);
    const source = layout.copy(mask.data);
    const [xi0, xi1, xw, yi0, yi1, yw] = maps.map((m) => layout.copy(m)) as Offsets6;
    const input = layout.f32(4 * n);
    const [R, G, B, P] = fourPlanes(input);
    kernels.toPlanes(photo, n, R);
    kernels.bilinearSnapped(source, mask.width, w, h, xi0, xi1, xw, yi0, yi1, yw, maskSnap, P);
    const out = layout.f32(4 * n);
    if (guided) {
      kernels.guidedCoefficients(R, G, B, P, w, h, r, guided.eps, out.byteOffset, layout.reserve(scratch));
    } else {
      out.fill(0, 0, 3 * n);
      out.set(input.subarray(3 * n), 3 * n);
    }
    const coefficients = split(out, 4) as Planes4;
    if (side) {
      const small = layout.f32(4 * cells);
      kernels.blockMeans(R, G, B, out.byteOffset, w, h, side, small.byteOffset);
      const [red, green, blue, alpha] = split(small, 4) as Planes4;
      const size = { width: Math.ceil(w / side), height: Math.ceil(h / side) };
      return { coefficients, colours: { image: { r: red, g: green, b: blue, ...size }, alpha } };
    }
    if (factor === null) return { coefficients, colours: null };
    const [red, green, blue] = split(input.subarray(0, 3 * n), 3) as Planes3;
    return {
      coefficients,
      colours: { image: { r: red, g: green, b: blue, width: w, height: h }, alpha: null },
    };
  });
}

type Offsets6 = [number, number, number, number, number, number];

/** The byte offsets of the four equal planes that make up `region` (a view of this memory). */
function fourPlanes(region: Float32Array): [number, number, number, number] {
  const n = region.length / 4;
  return [0, 1, 2, 3].map((c) => region.byteOffset + c * n * 4) as [number, number, number, number];
}

/** Copies of the `count` equal planes that make up `planes`. */
function split(planes: Float32Array, count: number): Float32Array[] {
  const n = planes.length / count;
  return Array.from({ length: count }, (_, c) => planes.slice(c * n, (c + 1) * n));
}
