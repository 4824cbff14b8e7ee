import type { Engine, RemovalResult } from '@cutout/engine';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/errors.ts';
import { notingTransactor } from '../../platform/workflow/noting-transactor.ts';
import type { LedgerEntry } from '../ledger/ledger.service.ts';
import type { LitreService } from '../ledger/litres.service.ts';
import type { RemovalRepo } from './removal.repo.ts';
import { createRemoveBackgroundWorkflow, type RemoveBackgroundInput } from './remove-background.workflow.ts';

/**
 * The charge's steps and transaction boundaries, with every side noted in one list: the ledger, the
 * engine, the result's repo and the transactor. That a rollback undoes the writes is the
 * transactor's (platform/workflow and platform/db tests); that the ledger refuses a released hold is
 * the ledger's (ledger.test.ts); the whole charge over HTTP is removal.test.ts.
 */
function charge(
  fail: { hold?: boolean; engine?: boolean; record?: boolean; capture?: boolean; keyTaken?: boolean } = {},
  idempotencyKey?: string,
) {
  const notes: string[] = [];
  const hold: LedgerEntry = {
    id: 'hold-1',
    accountId: 'account-1',
    kind: 'hold',
    amount: -1,
    key: 'hold:removal:charge-1',
    holdId: null,
    expiresAt: null,
    createdAt: new Date(),
  };
  const posting = { entry: hold, posted: true };
  const litres: Pick<LitreService, 'hold' | 'capture' | 'release'> = {
    hold: async (input) => {
      notes.push(`hold ${input.amount} ${input.key}`);
      if (fail.hold) throw new DomainError('INSUFFICIENT_BALANCE');
      return hold;
    },
    capture: async ({ id }) => {
      notes.push(`capture ${id}`);
      if (fail.capture) throw new Error(`hold ${id} was released before it was settled`);
      return posting;
    },
    release: async ({ id }) => {
      notes.push(`release ${id}`);
      return posting;
    },
  };
  const repo: Pick<RemovalRepo, 'insertResult' | 'settleKey'> = {
    settleKey: async (_user, key, chargeId) => {
      notes.push(`settle key ${key} ${chargeId}`);
      return !fail.keyTaken;
    },
    insertResult: async (row) => {
      notes.push(`record ${row.id} ${row.size} ${row.cost} ${row.width}x${row.height}`);
      if (fail.record) throw new Error('disk full');
    },
  };
  const transactor = notingTransactor(notes);
  const result = { width: 4, height: 3 } as RemovalResult;
  const engine = {
    remove: async () => {
      notes.push('engine');
      if (fail.engine) throw new Error('engine failed');
      return result;
    },
  } as unknown as Engine;
  const input: RemoveBackgroundInput = {
    chargeId: 'charge-1',
    user: { id: 'user-1', anonymous: false, emailVerified: true, phoneNumberVerified: false },
    apiKeyId: null,
    size: 'full',
    cost: 1,
    engine,
    image: new Uint8Array([1]),
    options: {},
    call: { cacheScope: 'user:user-1' },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
  const workflow = createRemoveBackgroundWorkflow({ transactor, litres, repo, log: { error: () => {} } });
  return { notes, result, run: () => workflow.run(input), workflow };
}

describe('the remove-background workflow', () => {
  it('holds, runs the engine, then records the result and captures the hold in one transaction', async () => {
    const { notes, result, run, workflow } = charge();
    expect(workflow.steps).toEqual([
      'hold litres',
      'remove the background',
      'settle the charge › record the result',
      'settle the charge › capture the hold',
    ]);
    expect(await run()).toBe(result);
    expect(notes).toEqual([
      'hold 1 hold:removal:charge-1',
      'engine',
      'begin',
      'record charge-1 full 1 4x3',
      'capture hold-1',
      'commit',
    ]);
  });

  it('runs nothing when the hold is refused', async () => {
    const { notes, run } = charge({ hold: true });
    await expect(run()).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(notes).toEqual(['hold 1 hold:removal:charge-1']);
  });

  it('releases the hold and records nothing when the engine fails', async () => {
    const { notes, run } = charge({ engine: true });
    await expect(run()).rejects.toThrow('engine failed');
    expect(notes).toEqual(['hold 1 hold:removal:charge-1', 'engine', 'release hold-1']);
  });

  it('captures nothing when the result cannot be recorded, and releases the hold', async () => {
    const { notes, run } = charge({ record: true });
    await expect(run()).rejects.toThrow('disk full');
    expect(notes.slice(2)).toEqual(['begin', 'record charge-1 full 1 4x3', 'rollback', 'release hold-1']);
  });

  it('rolls the result back when the hold cannot be captured (released as stale)', async () => {
    const { notes, run } = charge({ capture: true });
    await expect(run()).rejects.toThrow(/released before it was settled/);
    expect(notes.slice(2)).toEqual([
      'begin',
      'record charge-1 full 1 4x3',
      'capture hold-1',
      'rollback',
      'release hold-1',
    ]);
  });

  it('settles the Idempotency-Key the charge claimed in the same transaction as the charge', async () => {
    const { notes, run } = charge({}, 'key-1');
    await run();
    expect(notes.slice(2)).toEqual([
      'begin',
      'settle key key-1 charge-1',
      'record charge-1 full 1 4x3',
      'capture hold-1',
      'commit',
    ]);
  });

  it('charges nothing when its Idempotency-Key was taken from it meanwhile (it ran past the stale limit)', async () => {
    const { notes, run } = charge({ keyTaken: true }, 'key-1');
    await expect(run()).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(notes.slice(2)).toEqual(['begin', 'settle key key-1 charge-1', 'rollback', 'release hold-1']);
  });
});
