/**
 * The port of background jobs: housekeeping that runs on its own, each job at start and then every
 * `ms`. Whatever runs them keeps these promises: a failed run is logged and the next one comes as
 * planned; a run still going when its time comes again is not doubled; `stop` waits for the runs
 * in progress, so that nothing touches the database after it is closed.
 *
 * Adapters, one folder each: `in-process/` (timers in the server process, the default) and
 * `bullmq/` (job schedulers on Redis, with REDIS_URL), where several processes share the work and
 * each run is taken by one of them.
 */
export interface JobRunner {
  /** Starts a job: runs it now and then every `ms`; resolves when the first run has ended. */
  every(name: string, ms: number, run: () => Promise<unknown>): Promise<void>;
  /** Stops every job and waits for the runs in progress. */
  stop(): Promise<void>;
}

export interface JobLog {
  error(details: object, message: string): void;
}
