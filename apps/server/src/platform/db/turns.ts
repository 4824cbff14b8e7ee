// The real setImmediate, taken before any test can replace it with a fake one.
const nextTurn = globalThis.setImmediate;

/**
 * Runs async work one piece at a time, in the order asked, each piece in an event-loop turn of its
 * own (the next starts after the last has settled, from setImmediate).
 *
 * PGlite runs each statement synchronously on the server's thread and answers it in a microtask, so
 * a request whose statements all run on it goes from its socket to its response without ever giving
 * the event loop back. The loop then serves every readable socket to the end before it polls again,
 * a turn grows to (connections × a request's time), and Node accepts new connections only between
 * turns: under 50 busy connections the ones that connect last waited for seconds (10 s: timed out)
 * while the median stayed low. Taking turns bounds a turn to one statement, so the loop polls
 * between statements: accepts and reads are served at once and every request queues in one fair
 * FIFO line for the database.
 */
export function createTurns() {
  const waiting: Array<() => void> = [];
  let busy = false;

  const next = () => {
    const start = waiting.shift();
    if (start) start();
    else busy = false;
  };

  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          let done: Promise<T>;
          try {
            done = work();
          } catch (error) {
            done = Promise.reject(error);
          }
          done.then(resolve, reject).finally(() => nextTurn(next));
        });
        if (!busy) {
          busy = true;
          nextTurn(next);
        }
      });
    },

    /** How many pieces wait for their turn (the one running not counted). */
    get waiting(): number {
      return waiting.length;
    },
  };
}

export type Turns = ReturnType<typeof createTurns>;
