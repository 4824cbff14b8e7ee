import { setProcessingCount } from '../../shared/tasks/task-counter.ts';
import { isAcceptedImage } from '../../shared/upload/image-files.ts';
import {
  defaultProcessingOptions,
  type ImageInput,
  type ImageSize,
  optionsKey,
  type ProcessingOptions,
} from './processing-options.ts';
import type { RemovalResult, SizeLimits } from './removal-api.ts';
import { isInvalidInput, type RemovalFailure, removalFailureOf } from './removal-errors.ts';

/** A made result: one size of one image with one set of options. */
export interface ImageOutput {
  size: ImageSize;
  optionsKey: string;
  image: Blob;
  /** An object URL of `image`, for showing it. */
  url: string;
  download: Blob;
  fileName: string;
  width: number | null;
  height: number | null;
}

/** The image item of SPEC §3. */
export interface ImageItem {
  id: string;
  name: string;
  input: ImageInput;
  /** What an <img> shows of the input: an object URL of the file, or the given address. */
  inputUrl: string;
  options: ProcessingOptions;
  /** The outputs made so far, by size and options (`outputSlot`). */
  outputs: Readonly<Record<string, ImageOutput>>;
  loading: boolean;
  /** The sizes being made or waiting for their turn. */
  loadingSizes: readonly ImageSize[];
  invalidInput: boolean;
  failure: RemovalFailure | null;
  sizeLimits: SizeLimits | null;
  selected: boolean;
}

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

/** The queue entry of SPEC §3: an item, the options and size asked for, then its cost or error. */
interface QueueEntry {
  itemId: string;
  size: ImageSize;
  options: ProcessingOptions;
  slot: string;
  cost: number;
  failure: RemovalFailure | null;
  settle: Array<(output: ImageOutput | null) => void>;
}

/** Failures that are the account's business, not the image's: they go to a notification only. */
const accountFailures = new Set<RemovalFailure['type']>(['insufficientBalance', 'authorizationRequired']);

const maxConcurrent = 2;
const optionsDebounceMs = 400;

const fileExtension = (options: ProcessingOptions) =>
  options.outputFormat === 'json' ? 'json' : options.format;

function stemOf(name: string): string {
  const stem = name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return stem.replace(/^-+|-+$/g, '') || 'image';
}

function nameOfUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : 'image';
  } catch {
    return 'image';
  }
}

export function outputSlot(size: ImageSize, options: ProcessingOptions): string {
  return `${size}|${optionsKey(options)}`;
}

/** The output made for this size with the item's current options, if any. */
export function outputFor(item: ImageItem, size: ImageSize): ImageOutput | undefined {
  return item.outputs[outputSlot(size, item.options)];
}

/** The best output to show for the item's current options: the full size, else the preview. */
export function shownOutput(item: ImageItem): ImageOutput | undefined {
  return outputFor(item, 'full') ?? outputFor(item, 'preview');
}

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
  private readonly waiting: QueueEntry[] = [];
  private readonly running = new Map<string, QueueEntry>();
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
    const added = inputs.map((input): ImageItem => {
      const failure = this.checkInput(input);
      return {
        id: `image-${this.nextId++}`,
        name: input.kind === 'file' ? input.file.name : nameOfUrl(input.url),
        input,
        inputUrl: input.kind === 'file' ? URL.createObjectURL(input.file) : input.url,
        options: this.lastOptions,
        outputs: {},
        loading: false,
        loadingSizes: [],
        invalidInput: failure !== null,
        failure,
        sizeLimits: null,
        selected: false,
      };
    });
    if (added.length === 0) return [];
    const firstId = added[0]?.id;
    this.setItems(
      [...this.state.items, ...added].map((item) => ({ ...item, selected: item.id === firstId })),
    );
    for (const item of added) if (!item.invalidInput) void this.request(item.id, 'preview');
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
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      const entry = this.waiting[index];
      if (entry?.itemId !== id) continue;
      this.waiting.splice(index, 1);
      for (const settle of entry.settle) settle(null);
    }
    if (removed.input.kind === 'file') URL.revokeObjectURL(removed.inputUrl);
    for (const output of Object.values(removed.outputs)) URL.revokeObjectURL(output.url);
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
    if (made) return Promise.resolve(made);

    return new Promise((resolve) => {
      const pending = [...this.waiting, ...this.running.values()].find(
        (entry) => entry.itemId === id && entry.slot === slot,
      );
      if (pending) {
        pending.settle.push(resolve);
        return;
      }
      this.waiting.push({
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
      this.pump();
    });
  }

  private pump(): void {
    while (this.running.size < maxConcurrent && this.waiting.length > 0) {
      const entry = this.waiting.shift() as QueueEntry;
      const key = `${entry.itemId}|${entry.slot}`;
      this.running.set(key, entry);
      void this.run(entry).finally(() => {
        this.running.delete(key);
        this.refreshLoading();
        this.pump();
      });
    }
  }

  private async run(entry: QueueEntry): Promise<void> {
    const item = this.item(entry.itemId);
    if (!item) return this.settle(entry, null);
    let result: RemovalResult;
    try {
      result = await this.deps.execute({ input: item.input, options: entry.options, size: entry.size });
    } catch (error) {
      entry.failure = removalFailureOf(error);
      entry.cost = 0;
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
      return this.settle(entry, null);
    }
    entry.cost = result.cost;
    if (result.cost > 0) this.deps.onCharged(result.cost);
    const current = this.item(entry.itemId);
    if (!current) return this.settle(entry, null);
    const suffix = entry.size === 'preview' ? '-preview' : '';
    const output: ImageOutput = {
      size: entry.size,
      optionsKey: entry.slot,
      image: result.image,
      url: URL.createObjectURL(result.image),
      download: result.download,
      fileName: `${stemOf(current.name)}-no-bg${suffix}.${fileExtension(entry.options)}`,
      width: result.width,
      height: result.height,
    };
    this.patchItem(current.id, {
      outputs: { ...current.outputs, [entry.slot]: output },
      sizeLimits: result.sizeLimits ?? current.sizeLimits,
      failure: null,
    });
    this.settle(entry, output);
  }

  private settle(entry: QueueEntry, output: ImageOutput | null): void {
    for (const settle of entry.settle) settle(output);
  }

  private refreshLoading(): void {
    const entries = [...this.waiting, ...this.running.values()];
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
