import type { ImageOutput } from './image-item.ts';
import type { ImageSize, ProcessingOptions } from './processing-options.ts';
import type { RemovalFailure } from './removal-errors.ts';

/** The queue entry of SPEC §3: an item, the options and size asked for, then its cost or error. */
export interface QueueEntry {
  itemId: string;
  size: ImageSize;
  options: ProcessingOptions;
  slot: string;
  cost: number;
  failure: RemovalFailure | null;
  /** Everyone waiting for this output; each gets it, or null when nothing came of it. */
  settle: Array<(output: ImageOutput | null) => void>;
}

/** Hands the entry's outcome to everyone waiting for it. */
export function settleEntry(entry: QueueEntry, output: ImageOutput | null): void {
  for (const settle of entry.settle) settle(output);
}

/**
 * The entries' way through the queue: waiting, then running (at most `maxConcurrent` at once),
 * then gone. A running entry leaves when its run ends, whichever way; then `onDone` is told and the
 * next waiting entries start.
 */
export class EntryScheduler {
  private readonly waiting: QueueEntry[] = [];
  private readonly running = new Map<string, QueueEntry>();
  private readonly maxConcurrent: number;
  private readonly run: (entry: QueueEntry) => Promise<void>;
  private readonly onDone: () => void;

  constructor(options: {
    maxConcurrent: number;
    run: (entry: QueueEntry) => Promise<void>;
    onDone: () => void;
  }) {
    this.maxConcurrent = options.maxConcurrent;
    this.run = options.run;
    this.onDone = options.onDone;
  }

  /** The entries waiting or running, the waiting first. */
  pending(): QueueEntry[] {
    return [...this.waiting, ...this.running.values()];
  }

  /** The entry already waiting or running for this output of the item, if any. */
  find(itemId: string, slot: string): QueueEntry | undefined {
    return this.pending().find((entry) => entry.itemId === itemId && entry.slot === slot);
  }

  /** Puts an entry at the end of the line; `pump` starts it in its turn. */
  add(entry: QueueEntry): void {
    this.waiting.push(entry);
  }

  /** Drops the item's waiting entries, settling them with nothing; running ones finish. */
  dropWaiting(itemId: string): void {
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      const entry = this.waiting[index];
      if (entry?.itemId !== itemId) continue;
      this.waiting.splice(index, 1);
      settleEntry(entry, null);
    }
  }

  /** Starts waiting entries while there is room. */
  pump(): void {
    while (this.running.size < this.maxConcurrent && this.waiting.length > 0) {
      const entry = this.waiting.shift() as QueueEntry;
      const key = `${entry.itemId}|${entry.slot}`;
      this.running.set(key, entry);
      void this.run(entry).finally(() => {
        this.running.delete(key);
        this.onDone();
        this.pump();
      });
    }
  }
}
