export interface InterruptHandlers {
  /** The first Ctrl-C (or SIGTERM): start nothing new, let what runs finish. */
  stop(): void;
  /** The second: abort what runs. */
  abort(): void;
}

/**
 * Turns SIGINT and SIGTERM into a clean stop, then an abort. While installed, the signals no
 * longer kill the process: the command ends itself, writing its report and summary (a third one
 * exits at once). Answers the function that removes the handlers.
 */
export function onInterrupt(handlers: InterruptHandlers): () => void {
  let count = 0;
  const handle = () => {
    count++;
    if (count === 1) handlers.stop();
    else if (count === 2) handlers.abort();
    // Something does not end even when aborted: a third signal ends the process (outputs are
    // renamed into place whole, so none is left half-written).
    else process.exit(130);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  return () => {
    process.off('SIGINT', handle);
    process.off('SIGTERM', handle);
  };
}
