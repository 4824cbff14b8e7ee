/** glibc malloc settings for processes that run the engine (see allocator.mjs). */
export declare const ALLOCATOR_ENV: Readonly<Record<string, string>>;
/** `env` with the allocator settings added where it does not set them itself. */
export declare function withAllocatorEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** Whether `env` asks glibc for transparent huge pages (a calibration records it). */
export declare function hugePagesRequested(env?: NodeJS.ProcessEnv): boolean;
/** Where Linux says whether it gives transparent huge pages. */
export declare const THP_ENABLED_FILE: string;
/** Whether `env` asks glibc for huge pages and the kernel grants them on request. */
export declare function hugePagesGranted(env?: NodeJS.ProcessEnv, enabledFile?: string): boolean;
