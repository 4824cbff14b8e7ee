/** Why one file failed, in the API's error words (remove.bg's code and title, our detail). */
export interface FileError {
  code: string;
  title: string;
  detail: string;
  /** The remove-background error number (SPEC §8.3), such as 113, when there is one. */
  errorCode?: number;
}

/** One finished cut-out. */
export interface Removal {
  data: Uint8Array;
  /** Media type of `data`: decides the extension when the format was left to the service. */
  mimeType: string;
  /** Litres the service charged (0 for previews and on this machine). */
  litres: number;
}

/** What turns an image file into a cut-out: the service (remote.ts) or the engine here (local.ts). */
export interface Processor {
  readonly mode: 'remote' | 'local';
  /** Throws FileFailure for anything that is the file's (or the service's) fault. */
  remove(file: string, signal: AbortSignal): Promise<Removal>;
  close(): Promise<void>;
}

/** A failure of one file with its error already in the report's words. */
export class FileFailure extends Error {
  override name = 'FileFailure';
  constructor(readonly error: FileError) {
    super(`${error.title}: ${error.detail}`);
  }
}

/** The report's words for any failure: FileFailure as it is, file-system and other errors by their code. */
export function fileErrorOf(err: unknown): FileError {
  if (err instanceof FileFailure) return err.error;
  if (isAbort(err)) return interrupted('aborted by a second Ctrl-C while in progress');
  const code = (err as NodeJS.ErrnoException)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string' && code.startsWith('E'))
    return { code: 'file_error', title: 'File error', detail: message };
  return { code: 'internal_error', title: 'Unexpected error', detail: message };
}

/** The error of a file that an interruption kept from finishing (or from starting). */
export function interrupted(detail: string): FileError {
  return { code: 'interrupted', title: 'Interrupted', detail };
}

export function isAbort(err: unknown): boolean {
  return (err as Error)?.name === 'AbortError';
}
