import { getProcessingCount, reportFailedTask, setProcessingCount } from '../../shared/tasks/task-counter.ts';
import { isAcceptedImage } from '../../shared/upload/image-files.ts';
import {
  type ImageItem,
  type ImageOutput,
  newImageItem,
  newImageOutput,
  outputSlot,
  revokeImageUrls,
} from './image-item.ts';
import {
  defaultProcessingOptions,
  type ImageInput,
  type ImageSize,
  type ProcessingOptions,
} from './processing-options.ts';
import { EntryScheduler, type QueueEntry, settleEntry } from './queue-entries.ts';
import type { RemovalResult } from './removal-api.ts';
import { isInvalidInput, type RemovalFailure, removalFailureOf } from './removal-errors.ts';

export interface ExecuteRequest {
  input: ImageInput;
  options: ProcessingOptions;
  size: ImageSize;
}

/** What the queue needs from the app; the screen connects it (`configure`). */
export interface ImageQueueDeps {
  execute: (request: ExecuteRequest) => Promise<RemovalResult>;
  isAuthorised: () => boolean;
  /** A full size was asked for without a user: the login modal opens, the request is dropped. */
  onLoginRequired: () => void;
  /** Litres were charged by a successful call (X-Action-Cost). */
  onCharged: (cost: number) => void;
  /** A call failed; item failures are also kept on the item. */
  onFailure: (failure: RemovalFailure, item: ImageItem) => void;
  /** The largest input file in bytes (SPEC §9: 32 MB). */
  maxFileBytes: number;
}

/** Failures that are the account's business, not the image's: they go to a notification only. */
const accountFailures = new Set<RemovalFailure['type']>(['insufficientBalance', 'authorizationRequired']);

const maxConcurrent = 2;
const optionsDebounceMs = 400;

export interface ImageQueueState {
  items: readonly ImageItem[];
}

/**
 * The image queue of SPEC §4 for the remove-background screen: items with their inputs, options
 * and outputs; requests run a couple at a time. An item is loading while a request for it waits or
 * runs, and the count of loading items goes to the task panel. A full size for a visitor opens the
 * login modal instead of a call; an output already made for a size with the same options is reused.
 * It lives as long as the page does, so leaving the screen keeps the work.
 */
export class ImageQueue {
  private state: ImageQueueState = { items: [] };
  private readonly listeners = new Set<() => void>();
  private readonly entries = new EntryScheduler({
    maxConcurrent,
    run: (entry) => this.run(entry),
    onDone: () => this.refreshLoading(),
  });
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private deps: ImageQueueDeps;
  private lastOptions: ProcessingOptions = defaultProcessingOptions;
  private nextId = 1;

  constructor(deps: ImageQueueDeps) {
    this.deps = deps;
  }

  configure(deps: Partial<ImageQueueDeps>): void {
    this.deps = { ...this.deps, ...deps };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ImageQueueState => this.state;

  item(id: string): ImageItem | undefined {
    return this.state.items.find((item) => item.id === id);
  }

  /** The options new items start with: the last ones chosen. */
  get defaultOptions(): ProcessingOptions {
    return this.lastOptions;
  }

  /** Adds picked, dropped or pasted files; each gets a free preview unless the file is refused. */
  addFiles(files: readonly File[]): ImageItem[] {
    return this.addInputs(files.map((file) => ({ kind: 'file', file })));
  }

  addUrl(url: string): ImageItem {
    return this.addInputs([{ kind: 'url', url }])[0] as ImageItem;
  }

  private addInputs(inputs: readonly ImageInput[]): ImageItem[] {
    const added = inputs.map((source) =>
      newImageItem({
        id: `image-${this.nextId++}`,
        source,
        options: this.lastOptions,
        failure: this.checkInput(source),
      }),
    );
    if (added.length === 0) return [];
    const firstId = added[0]?.id;
    this.setItems(
      [...this.state.items, ...added].map((item) => ({ ...item, selected: item.id === firstId })),
    );
    for (const item of added) if (!item.invalidInput) void this.request(item.id, 'preview');
    // Files refused before any call belong to this batch too: the panel does not say all are done.
    if (getProcessingCount() > 0) for (const item of added) if (item.invalidInput) reportFailedTask();
    return added.map((item) => this.item(item.id) ?? item);
  }

  private checkInput(input: ImageInput): RemovalFailure | null {
    if (input.kind !== 'file') return null;
    if (!isAcceptedImage(input.file)) return { type: 'unsupportedFile' };
    if (input.file.size > this.deps.maxFileBytes)
      return { type: 'fileTooBig', maxBytes: this.deps.maxFileBytes };
    return null;
  }

  select(id: string): void {
    if (!this.item(id)) return;
    this.setItems(this.state.items.map((item) => ({ ...item, selected: item.id === id })));
  }

  remove(id: string): void {
    const removed = this.item(id);
    if (!removed) return;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.entries.dropWaiting(id);
    revokeImageUrls(removed);
    let items = this.state.items.filter((item) => item.id !== id);
    if (removed.selected && items.length > 0) {
      const index = Math.min(this.state.items.indexOf(removed), items.length - 1);
      items = items.map((item, position) => ({ ...item, selected: position === index }));
    }
    this.setItems(items);
  }

  /** Changes an item's options; its preview is made again for them after a short pause. */
  updateOptions(id: string, patch: Partial<ProcessingOptions>): void {
    const target = this.item(id);
    if (!target) return;
    const options = { ...target.options, ...patch };
    this.lastOptions = options;
    this.patchItem(id, { options });
    clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        void this.request(id, 'preview');
      }, optionsDebounceMs),
    );
  }

  /**
   * The output of a size for the item's current options: made output at once, else a call in
   * its turn. Resolves with null when nothing came of it (refused, failed, dropped).
   */
  request(id: string, size: ImageSize): Promise<ImageOutput | null> {
    const item = this.item(id);
    if (!item || item.invalidInput) return Promise.resolve(null);
    if (size === 'full' && !this.deps.isAuthorised()) {
      this.deps.onLoginRequired();
      return Promise.resolve(null);
    }
    const slot = outputSlot(size, item.options);
    const made = item.outputs[slot];
    if (made) {
      // Back to options already made: an error of other options (a bad colour) is not this one's.
      if (item.failure) this.patchItem(id, { failure: null });
      return Promise.resolve(made);
    }

    return new Promise((resolve) => {
      const pending = this.entries.find(id, slot);
      if (pending) {
        pending.settle.push(resolve);
        return;
      }
      this.entries.add({
        itemId: id,
        size,
        options: item.options,
        slot,
        cost: 0,
        failure: null,
        settle: [resolve],
      });
      this.patchItem(id, { failure: null });
      this.refreshLoading();
      this.entries.pump();
    });
  }

  private async run(entry: QueueEntry): Promise<void> {
    const item = this.item(entry.itemId);
    if (!item) return settleEntry(entry, null);
    let result: RemovalResult;
    try {
      result = await this.deps.execute({ input: item.input, options: entry.options, size: entry.size });
    } catch (error) {
      entry.failure = removalFailureOf(error);
      entry.cost = 0;
      reportFailedTask();
      const current = this.item(entry.itemId);
      if (current) {
        if (!accountFailures.has(entry.failure.type)) {
          this.patchItem(current.id, {
            failure: entry.failure,
            invalidInput: current.invalidInput || isInvalidInput(entry.failure),
          });
        }
        this.deps.onFailure(entry.failure, this.item(current.id) ?? current);
      }
      return settleEntry(entry, null);
    }
    entry.cost = result.cost;
    if (result.cost > 0) this.deps.onCharged(result.cost);
    const current = this.item(entry.itemId);
    if (!current) return settleEntry(entry, null);
    const output = newImageOutput({
      itemName: current.name,
      size: entry.size,
      options: entry.options,
      slot: entry.slot,
      result,
    });
    this.patchItem(current.id, {
      outputs: { ...current.outputs, [entry.slot]: output },
      sizeLimits: result.sizeLimits ?? current.sizeLimits,
      failure: null,
    });
    settleEntry(entry, output);
  }

  private refreshLoading(): void {
    const entries = this.entries.pending();
    this.setItems(
      this.state.items.map((item) => {
        const sizes = entries.filter((entry) => entry.itemId === item.id).map((entry) => entry.size);
        const loadingSizes = [...new Set(sizes)];
        const loading = loadingSizes.length > 0;
        if (loading === item.loading && loadingSizes.join() === item.loadingSizes.join()) return item;
        return { ...item, loading, loadingSizes };
      }),
    );
  }

  private patchItem(id: string, patch: Partial<ImageItem>): void {
    this.setItems(this.state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  private setItems(items: ImageItem[]): void {
    this.state = { items };
    setProcessingCount(items.filter((item) => item.loading).length);
    for (const listener of this.listeners) listener();
  }

  /** Forgets every item (tests; a fresh start). */
  clear(): void {
    for (const item of [...this.state.items]) this.remove(item.id);
    this.lastOptions = defaultProcessingOptions;
  }
}
