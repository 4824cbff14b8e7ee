// The part of the WebAssembly JavaScript API that the engine uses (pipeline/kernels.ts). Node has
// it as a global, but neither ES2023's lib nor @types/node 20 declares it, and the DOM lib would
// bring browser globals that do not exist here.
declare namespace WebAssembly {
  type ImportValue = Memory;
  type Imports = Record<string, Record<string, ImportValue>>;
  interface ModuleDescriptor {
    module?: string;
    name: string;
    kind: 'function' | 'table' | 'memory' | 'global' | 'tag';
  }
  class Module {
    constructor(bytes: Uint8Array);
    static imports(module: Module): ModuleDescriptor[];
    static exports(module: Module): Omit<ModuleDescriptor, 'module'>[];
  }
  class Instance {
    constructor(module: Module, imports?: Imports);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
}
