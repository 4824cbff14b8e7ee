import type { BatchArgs } from '../args.ts';
import type { FileResult } from '../batch.ts';
import type { Connection } from '../config.ts';
import { exitCodeOf, type RunReport, summaryText, totalsOf, writeReport } from '../report.ts';

export interface RunEnd {
  command: RunReport['command'];
  args: BatchArgs;
  connection: Connection | null;
  files: FileResult[];
  startedAt: Date;
  /** performance.now() when the run started. */
  started: number;
  interrupted: boolean;
}

/** Writes the report (when asked for) and prints the summary; answers the exit code. */
export async function finishRun(end: RunEnd): Promise<number> {
  const { args } = end;
  const report: RunReport = {
    command: end.command,
    mode: args.local ? 'local' : 'remote',
    ...(end.connection && { server: end.connection.baseUrl }),
    startedAt: end.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    interrupted: end.interrupted,
    options: { ...args.settings, concurrency: args.concurrency, overwrite: args.overwrite },
    files: end.files,
    totals: totalsOf(end.files, performance.now() - end.started),
  };
  if (args.report) {
    try {
      await writeReport(args.report, report);
    } catch (err) {
      process.stderr.write(`cutout: could not write the report ${args.report}: ${(err as Error).message}\n`);
      process.stdout.write(summaryText(report, { out: args.out }));
      return 1;
    }
  }
  process.stdout.write(
    summaryText(report, { out: args.out, ...(args.report && { reportFile: args.report }) }),
  );
  return exitCodeOf(report);
}
