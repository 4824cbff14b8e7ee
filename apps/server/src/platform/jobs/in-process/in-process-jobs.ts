import type { JobLog, JobRunner } from '../jobs.port.ts';

/**
 * The jobs of one server process, on timers that do not keep the process alive. Right for one
 * process; with several, each would run every job.
 */
export function createInProcessJobs(deps: { log: JobLog }): JobRunner {
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
