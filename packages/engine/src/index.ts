export type { ClassifierConfig } from './classify/classifier.ts';
export type { Rgba } from './colors.ts';
export { parseColor } from './colors.ts';
export { CSS_NAMED_COLORS } from './css-colors.ts';
export type {
  Engine,
  EngineConfig,
  EngineMemory,
  EngineStats,
  RemovalCall,
  RemovalResult,
} from './engine.ts';
export { createEngine, DEFAULT_PREVIEW_SIDE, FAST_MEMORY_PER_WORKER } from './engine.ts';
export type { ErrorCodeNumber } from './errors.ts';
export { EngineError, ErrorCode, INVALID_INPUT_CODES } from './errors.ts';
export type { InputFormat } from './input.ts';
export { checkImageBytes, decodeBase64Image, detectFormat } from './input.ts';
export { LIMITS } from './limits.ts';
export type { MaskStore, MaskStoreStats } from './mask-cache.ts';
export { maskLifetimeMs } from './mask-cache.ts';
export type { Calibration } from './model/calibrate.ts';
export type { ModelConfig } from './model/prepare.ts';
export type { CropMargin, Length, RemovalOptions, RemovalOptionsInput } from './options.ts';
export { DEFAULT_OPTIONS, parseRemovalOptions, SIZE_NAMES } from './options.ts';
export type { Position, Roi } from './options-layout.ts';
export type { Box } from './pipeline/frame.ts';
export type { MaskData, RefineConfig } from './pipeline/refine.ts';
export type { KernelMemoryChoice, ProbeResult } from './worker/protocol.ts';
export type { NetworkQuality } from './worker/session.ts';
