import type { FileResult } from './batch.ts';
import type { RemovalSettings } from './options.ts';
import { writeAtomic } from './outputs.ts';
import { formatDuration } from './progress.ts';

export interface Totals {
  files: number;
  done: number;
  skipped: number;
  failed: number;
  /** Litres charged by the service over the run (0 with --local). */
  litres: number;
  /** Wall-clock time of the run. */
  ms: number;
  /** Images per minute of real work: done and failed files over the run's time. */
  imagesPerMinute: number;
}

/** What `--report FILE` holds. */
export interface RunReport {
  command: 'remove' | 'watch';
  mode: 'remote' | 'local';
  /** The API's base URL (remote runs). */
  server?: string;
  startedAt: string;
  finishedAt: string;
  /** True when Ctrl-C (or SIGTERM) ended the run before every file was processed. */
  interrupted: boolean;
  options: Omit<RemovalSettings, 'bgImage'> & { bgImage?: string; concurrency: number; overwrite: boolean };
  files: FileResult[];
  totals: Totals;
}

/** Adds up the results of a run. */
export function totalsOf(files: readonly FileResult[], ms: number): Totals {
  const count = (status: FileResult['status']) => files.filter((file) => file.status === status).length;
  const done = count('done');
  const failed = count('failed');
  // Files a stop kept from starting took no time and are not part of the pace.
  const processed = files.filter((file) => file.status !== 'skipped' && file.ms > 0).length;
  return {
    files: files.length,
    done,
    skipped: count('skipped'),
    failed,
    litres: files.reduce((sum, file) => sum + file.litres, 0),
    ms: Math.round(ms),
    imagesPerMinute: ms > 0 ? Math.round((processed / (ms / 60_000)) * 10) / 10 : 0,
  };
}

/** Writes the report as indented JSON, atomically. */
export async function writeReport(file: string, report: RunReport): Promise<void> {
  await writeAtomic(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** The run's exit code: 0 when every file is done or skipped, 1 when any failed or the run was cut short. */
export function exitCodeOf(report: Pick<RunReport, 'totals' | 'interrupted'>): number {
  return report.totals.failed > 0 || report.interrupted ? 1 : 0;
}

/** Error codes of files a stop kept from starting or finishing: a later run does them. */
const unfinished = new Set(['interrupted', 'not_started']);

/** The lines printed at the end of a run. */
export function summaryText(report: RunReport, options: { out: string; reportFile?: string }): string {
  const { totals } = report;
  const lines: string[] = [];
  const failures = report.files.filter(
    (file) => file.status === 'failed' && !unfinished.has(file.error?.code ?? ''),
  );
  if (failures.length > 0) {
    lines.push('failed:');
    for (const file of failures) lines.push(`  ${file.input}: ${file.error?.code}: ${file.error?.detail}`);
  }
  const notStarted = report.files.filter((file) => unfinished.has(file.error?.code ?? '')).length;
  const head = report.interrupted ? 'Interrupted' : 'Finished';
  const litres =
    report.mode === 'local'
      ? 'on this machine'
      : `${totals.litres} ${totals.litres === 1 ? 'litre' : 'litres'} charged`;
  lines.push(
    `${head}: ${totals.done} done, ${totals.skipped} skipped, ${totals.failed} failed of ${totals.files} ` +
      `in ${formatDuration(totals.ms)} (${totals.imagesPerMinute} images/min); ${litres}.`,
  );
  if (notStarted > 0) lines.push(`${notStarted} not finished: run the same command again to do them.`);
  // Where the results went, where any did: a run that wrote none names the report alone.
  const written = totals.done + totals.skipped > 0;
  const places = [
    ...(written ? [`Results in ${options.out}`] : []),
    ...(options.reportFile ? [`${written ? 'report' : 'Report'} in ${options.reportFile}`] : []),
  ];
  if (places.length > 0) lines.push(`${places.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}
