/** Starts a TypeScript entry point through tsx with this machine's allocator settings (see launch.mjs). */
export declare function launchScript(script: string, args?: string[]): Promise<void>;
