/** glibc malloc settings every engine process gets (see allocator.mjs). */
export declare const ALLOCATOR_ENV: Readonly<Record<string, string>>;
/** The tunable that makes glibc ask for transparent huge pages. */
export declare const HUGE_PAGES_TUNABLE: string;
/** Every variable the settings use. */
export declare const ALLOCATOR_KEYS: readonly string[];
/** What the `max` budget adds: glibc hands nothing back (no block mapped on its own, no trimming). */
export declare const KEEP_MEMORY_ENV: Readonly<Record<string, string>>;
/** Set by allocatorEnv where the process keeps its memory: `auto` is `max` then. */
export declare const KEEP_MEMORY_VARIABLE: string;
/** From this cost of a fresh 4 KB page (µs) the `auto` budget keeps memory. */
export declare const SLOW_PAGE_FAULT_MICROS: number;
/** Memory per inference worker from which the `auto` budget is `fast`. */
export declare const FAST_MEMORY_PER_WORKER: number;
/** `env` with the allocator settings added where it does not set them itself; huge pages and kept memory when asked. */
export declare function withAllocatorEnv(
  env?: NodeJS.ProcessEnv,
  hugePages?: boolean,
  keepMemory?: boolean,
): NodeJS.ProcessEnv;
/** Milliseconds to take 64 MB in one page size: twice right away, once after a pause. */
export interface ReuseCost {
  hotMs: number[];
  pausedMs: number;
  hugeKb: number;
}
/** What the probe measured, per page size. */
export interface ReuseProbe {
  mb: number;
  pauseMs: number;
  small: ReuseCost;
  huge: ReuseCost;
}
/** The choice kept per machine. */
export interface HugePagesChoice {
  version: number;
  machine: string;
  hugePages: boolean;
  probe: ReuseProbe | null;
}
export interface ChoiceOptions {
  cacheDir?: string;
  enabledFile?: string;
  probe?: () => Promise<ReuseProbe>;
  log?: (message: string) => void;
  totalMemory?: number;
}
/** The environment for an engine process on this machine (huge pages as this machine's probe chose). */
export declare function allocatorEnv(
  env?: NodeJS.ProcessEnv,
  options?: ChoiceOptions,
): Promise<NodeJS.ProcessEnv>;
/** Whether `env` asks glibc for transparent huge pages (a calibration records it). */
export declare function hugePagesRequested(env?: NodeJS.ProcessEnv): boolean;
/** Where Linux says whether it gives transparent huge pages. */
export declare const THP_ENABLED_FILE: string;
/** Whether the kernel gives transparent huge pages on request. */
export declare function hugePagesOnRequest(enabledFile?: string): boolean;
/** Whether `env` asks glibc for huge pages and the kernel grants them on request. */
export declare function hugePagesGranted(env?: NodeJS.ProcessEnv, enabledFile?: string): boolean;
/** Measures what taking memory again costs in 4 KB and in 2 MB pages (two child processes). */
export declare function probeMemoryReuse(options?: { mb?: number; pauseMs?: number }): Promise<ReuseProbe>;
/** Whether huge pages cost less to take again than 4 KB pages. */
export declare function hugePagesPay(probe: ReuseProbe): boolean;
/** What identifies a machine for the kept choice. */
export declare function machineSignature(enabledFile?: string): string;
/** The file that keeps this machine's choice in `cacheDir`. */
export declare function choiceFile(cacheDir: string, enabledFile?: string): string;
/** Huge pages or not on this machine: kept, or measured now and kept. */
export declare function hugePagesChoice(options?: ChoiceOptions): Promise<HugePagesChoice>;
/** Set by allocatorEnv where the probe chose the page size ('4k' or '2m'). */
export declare const PAGE_SIZE_VARIABLE: string;
/** Whether `env` says the launcher's probe found 4 KB pages cheaper to take again than huge pages. */
export declare function smallPagesChosen(env?: NodeJS.ProcessEnv): boolean;
/** Whether a fresh 4 KB page took SLOW_PAGE_FAULT_MICROS or more to fault in, in the probe. */
export declare function slowPageFaults(probe: ReuseProbe): boolean;
/** The inference workers an engine starts by default on `cores`. */
export declare function defaultWorkers(cores: number): number;
/** Whether the engine's process keeps its memory: ENGINE_MEMORY=max, or `auto` where faults are slow. */
export declare function keepsMemory(
  env: NodeJS.ProcessEnv,
  probe: ReuseProbe | null,
  totalMemory?: number,
): boolean;
/** Whether `env` says the launcher kept this process's memory. */
export declare function memoryKept(env?: NodeJS.ProcessEnv): boolean;
