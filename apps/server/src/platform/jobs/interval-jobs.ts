/**
 * Housekeeping that runs in the server process: each job once at start, then every `ms`. A failed
 * run is logged and the next one comes as planned; a run still going when its time comes again is
 * not doubled. The timers do not keep the process alive, and `stop` waits for runs in progress, so
 * that nothing touches the database after it is closed. A queue-backed runner (BullMQ) can take
 * this port's place where several processes must share the work.
 */
export interface IntervalJobs {
  /** Starts a job: runs it now and then every `ms`; resolves when the first run has ended. */
  every(name: string, ms: number, run: () => Promise<unknown>): Promise<void>;
  /** Stops every job and waits for the runs in progress. */
  stop(): Promise<void>;
}

interface JobLog {
  error(details: object, message: string): void;
}

export function createIntervalJobs(deps: { log: JobLog }): IntervalJobs {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  return {
    every(name, ms, run) {
      let current: Promise<void> | undefined;
      const tick = (): Promise<void> => {
        if (stopped) return Promise.resolve();
        if (!current) {
          const thisRun = Promise.resolve()
            .then(run)
            .then(
              () => {},
              (error: unknown) => deps.log.error({ job: name, err: error }, `job "${name}" failed`),
            )
            .finally(() => {
              running.delete(thisRun);
              current = undefined;
            });
          running.add(thisRun);
          current = thisRun;
        }
        return current;
      };
      if (stopped) return Promise.resolve();
      const timer = setInterval(tick, ms);
      timer.unref();
      timers.add(timer);
      return tick();
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
