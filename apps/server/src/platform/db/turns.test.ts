import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createTurns } from './turns.ts';

describe('turns', () => {
  it('runs the pieces one at a time, in the order asked', async () => {
    const turns = createTurns();
    const events: string[] = [];
    const piece = (name: string) => async () => {
      events.push(`${name} start`);
      await Promise.resolve();
      events.push(`${name} end`);
      return name;
    };
    const answers = await Promise.all([turns.run(piece('a')), turns.run(piece('b')), turns.run(piece('c'))]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('gives the event loop back between pieces: what was queued meanwhile runs in between', async () => {
    const turns = createTurns();
    const events: string[] = [];
    const first = turns.run(async () => {
      events.push('first');
      // I/O that arrives while a piece runs (here: an immediate) is served before the next piece.
      setImmediate(() => events.push('io'));
    });
    const second = turns.run(async () => {
      events.push('second');
    });
    await Promise.all([first, second]);
    expect(events).toEqual(['first', 'io', 'second']);
  });

  it('goes on after a piece that fails, and answers each its own outcome', async () => {
    const turns = createTurns();
    const failing = turns.run(async () => {
      throw new Error('broken');
    });
    const throwing = turns.run(() => {
      throw new Error('thrown');
    });
    const fine = turns.run(async () => 'fine');
    await expect(failing).rejects.toThrow('broken');
    await expect(throwing).rejects.toThrow('thrown');
    await expect(fine).resolves.toBe('fine');
    expect(turns.waiting).toBe(0);
  });
});

describe('PGlite statements', () => {
  it('each take a turn of the event loop, so the loop goes round between them', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      const events: string[] = [];
      const statement = (name: string) =>
        database.db.execute(sql`select 1`).then(() => {
          events.push(name);
          if (name !== 'first') return;
          // A timer due before the next statement: it fires only if the loop goes round (as it must
          // to accept and read sockets); statements chained in microtasks would run first.
          setTimeout(() => events.push('timer'), 0);
          const until = performance.now() + 5;
          while (performance.now() < until);
        });
      await Promise.all([statement('first'), statement('second')]);
      expect(events).toEqual(['first', 'timer', 'second']);
      // A transaction takes one turn with all its statements.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
    } finally {
      await database.close();
    }
  });
});
