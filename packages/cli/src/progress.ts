import type { FileResult, Job } from './batch.ts';

/** Where progress goes: stderr, or a stand-in in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** How many files the run has; null while unknown (watch). */
  total: number | null;
  quiet?: boolean;
  now?: () => number;
  /** Without a terminal: a status line when no other line came for this long. */
  heartbeatMs?: number;
}

/** The counts a run is at. */
export interface Counts {
  done: number;
  skipped: number;
  failed: number;
}

/**
 * Shows how a run goes: on a terminal one line redrawn in place (failures stay above it), else
 * plain lines, one per finished file and a status line at most every `heartbeatMs` in between.
 */
export class Progress {
  readonly counts: Counts = { done: 0, skipped: 0, failed: 0 };
  private readonly tty: boolean;
  private readonly now: () => number;
  private readonly active = new Set<string>();
  private firstStart: number | null = null;
  private lastLine = 0;
  private timer: NodeJS.Timeout | null = null;
  private total: number | null;

  constructor(private readonly options: ProgressOptions) {
    this.tty = options.stream.isTTY === true;
    this.now = options.now ?? Date.now;
    this.total = options.total;
    if (!options.quiet) {
      const every = this.tty ? 1000 : (options.heartbeatMs ?? 5000);
      this.timer = setInterval(() => this.tick(), every);
      this.timer.unref();
    }
  }

  /** Files counted as done without work (their output exists). */
  skip(count: number): void {
    this.counts.skipped += count;
  }

  addTotal(count: number): void {
    if (this.total !== null) this.total += count;
  }

  started(job: Job): void {
    this.firstStart ??= this.now();
    this.active.add(job.input.path);
    if (this.tty) this.redraw();
  }

  finished(result: FileResult): void {
    this.active.delete(result.input);
    if (result.status === 'done') this.counts.done++;
    else if (result.status === 'failed') this.counts.failed++;
    else this.counts.skipped++;
    if (this.options.quiet) return;
    if (!this.tty) this.line(`${this.position()} ${describe(result)} · ${this.pace()}`);
    else if (result.status === 'failed') this.line(describe(result));
    else this.redraw();
  }

  /** A message that stays (above the redrawn line on a terminal). */
  note(message: string): void {
    this.line(message);
  }

  /** Images per minute of real work (skipped files excluded), or null before the first one ends. */
  rate(): number | null {
    const processed = this.counts.done + this.counts.failed;
    if (this.firstStart === null || processed === 0) return null;
    const minutes = (this.now() - this.firstStart) / 60_000;
    return minutes > 0 ? processed / minutes : null;
  }

  /** Milliseconds left at the current rate, or null when unknown. */
  timeLeft(): number | null {
    const rate = this.rate();
    if (rate === null || this.total === null) return null;
    const left = this.total - this.counts.done - this.counts.skipped - this.counts.failed;
    return (left / rate) * 60_000;
  }

  /** Clears the redrawn line and stops the timer. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.tty && !this.options.quiet) this.options.stream.write('\r\x1b[2K');
  }

  private tick(): void {
    if (this.tty) this.redraw();
    else if (this.active.size > 0 && this.now() - this.lastLine >= (this.options.heartbeatMs ?? 5000))
      this.line(`${this.position()} ${this.active.size} in progress · ${this.pace()}`);
  }

  private position(): string {
    const finished = this.counts.done + this.counts.skipped + this.counts.failed;
    return this.total === null ? `[${finished}]` : `[${finished}/${this.total}]`;
  }

  private pace(): string {
    const rate = this.rate();
    if (rate === null) return 'estimating…';
    const left = this.timeLeft();
    const speed = `${rate.toFixed(1)} images/min`;
    return left === null || left <= 0 ? speed : `${speed} · ~${formatDuration(left)} left`;
  }

  private redraw(): void {
    if (this.options.quiet) return;
    const { done, skipped, failed } = this.counts;
    const current = [...this.active].join(', ');
    let text = `${this.position()} ${done} done, ${skipped} skipped, ${failed} failed · ${this.pace()}`;
    if (current) text += ` · ${current}`;
    const width = this.options.stream.columns ?? 100;
    if (text.length > width - 1) text = `${text.slice(0, width - 2)}…`;
    this.options.stream.write(`\r\x1b[2K${text}`);
  }

  private line(text: string): void {
    this.lastLine = this.now();
    if (this.tty) this.options.stream.write(`\r\x1b[2K${text}\n`);
    else this.options.stream.write(`${text}\n`);
    if (this.tty) this.redraw();
  }
}

function describe(result: FileResult): string {
  if (result.status === 'failed') {
    const error = result.error;
    return `failed ${result.input}: ${error ? `${error.code}: ${error.detail || error.title}` : 'unknown error'}`;
  }
  if (result.status === 'skipped') return `skipped ${result.input} (${result.output} exists)`;
  const litres = result.litres === 1 ? '1 litre' : `${result.litres} litres`;
  return `done ${result.input} -> ${result.output} (${litres}, ${formatDuration(result.ms)})`;
}

/** 860 ms → "0.9s", 42 s → "42s", 65 s → "1m 05s", 3720 s → "1h 02m". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${pad(whole % 60)}s`;
  return `${Math.floor(whole / 3600)}h ${pad(Math.floor((whole % 3600) / 60))}m`;
}
