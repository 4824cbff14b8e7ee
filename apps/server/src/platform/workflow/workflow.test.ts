import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, openTestDatabase, testDatabases } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { createTransactor, type Transactor } from '../db/transactions.ts';
import { notingTransactor } from './noting-transactor.ts';
import { defineWorkflow, type WorkflowLog } from './workflow.ts';

const silentLog: WorkflowLog = { error: () => {} };

describe('a workflow', () => {
  it('runs its steps in order, each seeing what the earlier ones answered', async () => {
    const notes: string[] = [];
    const flow = defineWorkflow<{ start: number }>({
      name: 'count',
      transactor: notingTransactor(notes),
      log: silentLog,
    })
      .step({ name: 'double', run: async ({ start }) => ({ doubled: start * 2 }) })
      .transaction('settle', (steps) =>
        steps.step({ name: 'add', run: async ({ doubled }) => ({ sum: doubled + 1 }) }).step({
          name: 'note',
          run: async ({ sum }) => {
            notes.push(`sum ${sum}`);
          },
        }),
      )
      .returning(({ start, doubled, sum }) => [start, doubled, sum]);
    expect(flow.steps).toEqual(['double', 'settle › add', 'settle › note']);
    expect(await flow.run({ start: 3 })).toEqual([3, 6, 7]);
    expect(notes).toEqual(['begin', 'sum 7', 'commit']);
  });

  it('compensates the steps that ended, in reverse order, and throws the failing step’s error', async () => {
    const notes: string[] = [];
    const step = (name: string, fail = false) => ({
      name,
      run: async () => {
        notes.push(`run ${name}`);
        if (fail) throw new Error(`${name} failed`);
        return { [name]: true };
      },
      compensate: async () => {
        notes.push(`undo ${name}`);
      },
    });
    const flow = defineWorkflow<object>({ name: 'abc', transactor: notingTransactor(notes), log: silentLog })
      .step(step('a'))
      .step(step('b'))
      .step(step('c', true))
      .step(step('d'))
      .returning(() => null);
    await expect(flow.run({})).rejects.toThrow('c failed');
    expect(notes).toEqual(['run a', 'run b', 'run c', 'undo b', 'undo a']);
  });

  it('logs a compensation that fails, compensates the others, and still throws the first error', async () => {
    const logged: Array<{ details: object; message: string }> = [];
    const undone: string[] = [];
    const original = new Error('the engine failed');
    const flow = defineWorkflow<object>({
      name: 'charge',
      transactor: notingTransactor([]),
      log: { error: (details, message) => logged.push({ details, message }) },
    })
      .step({ name: 'reserve', run: async () => ({}), compensate: async () => void undone.push('reserve') })
      .step({
        name: 'hold',
        run: async () => ({}),
        compensate: async () => {
          throw new Error('release failed');
        },
      })
      .step({
        name: 'remove',
        run: async () => {
          throw original;
        },
      })
      .returning(() => null);
    await expect(flow.run({})).rejects.toBe(original);
    expect(undone).toEqual(['reserve']);
    expect(logged).toEqual([
      {
        details: { workflow: 'charge', step: 'hold', err: new Error('release failed'), cause: original },
        message: 'workflow "charge": compensating "hold" failed',
      },
    ]);
  });

  it('does not compensate steps of a transaction that rolled back, but does once it committed', async () => {
    const notes: string[] = [];
    const undo = (name: string) => async () => void notes.push(`undo ${name}`);
    const build = (failIn: 'transaction' | 'after') =>
      defineWorkflow<object>({ name: 'tx', transactor: notingTransactor(notes), log: silentLog })
        .step({ name: 'hold', run: async () => ({}), compensate: undo('hold') })
        .transaction('settle', (steps) =>
          steps.step({ name: 'record', run: async () => ({}), compensate: undo('record') }).step({
            name: 'capture',
            run: async () => {
              if (failIn === 'transaction') throw new Error('capture failed');
            },
          }),
        )
        .step({
          name: 'notify',
          run: async () => {
            if (failIn === 'after') throw new Error('notify failed');
          },
        })
        .returning(() => null);
    await expect(build('transaction').run({})).rejects.toThrow('capture failed');
    expect(notes).toEqual(['begin', 'rollback', 'undo hold']);
    notes.length = 0;
    await expect(build('after').run({})).rejects.toThrow('notify failed');
    expect(notes).toEqual(['begin', 'commit', 'undo record', 'undo hold']);
  });
});

describe.each(testDatabases)('a workflow on %s', (kind: DatabaseKind) => {
  let database: Database;
  let transactor: Transactor;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute('create table workflow_probe (value text not null)');
    transactor = createTransactor(database.db);
  });
  afterAll(() => database.close());

  const insert = async (value: string) => {
    await transactor.executor().execute(`insert into workflow_probe values ('${value}')`);
  };
  const values = async () => {
    const result = (await database.db.execute(
      'select value from workflow_probe order by value',
    )) as unknown as {
      rows: Array<{ value: string }>;
    };
    return result.rows.map((row) => row.value);
  };

  it('commits a step on its own, rolls a failed transaction back whole, and compensates what committed', async () => {
    const flow = defineWorkflow<object>({ name: 'probe', transactor, log: silentLog })
      .step({ name: 'a', run: () => insert('a'), compensate: () => insert('a undone') })
      .transaction('bc', (steps) =>
        steps.step({ name: 'b', run: () => insert('b') }).step({
          name: 'c',
          run: async () => {
            await insert('c');
            throw new Error('c failed');
          },
        }),
      )
      .returning(() => null);
    await expect(flow.run({})).rejects.toThrow('c failed');
    expect(await values()).toEqual(['a', 'a undone']);
  });
});
