import type { Engine, RemovalCall, RemovalResult } from '@cutout/engine';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { defineWorkflow, type Workflow, type WorkflowLog } from '../../platform/workflow/workflow.ts';
import type { LitreHolder, LitreService } from '../ledger/litres.service.ts';
import type { RemovalRepo } from './removal.repo.ts';

/** A paid removal, its image read and its options parsed. */
export interface RemoveBackgroundInput {
  /** This charge's id: the id of its result, and the key of its hold (`hold:removal:<id>`). */
  chargeId: string;
  user: LitreHolder;
  apiKeyId: string | null;
  /** The size asked for, as the result records it. */
  size: string;
  /** Litres it costs. */
  cost: number;
  engine: Pick<Engine, 'remove'>;
  image: Uint8Array;
  options: NonNullable<Parameters<Engine['remove']>[1]>;
  call: RemovalCall;
  /** The request's Idempotency-Key, claimed by this charge: the charge marks it settled. */
  idempotencyKey?: string;
}

export type RemoveBackgroundWorkflow = Workflow<RemoveBackgroundInput, RemovalResult>;

/** 409: the Idempotency-Key belongs to a request still running; ask again in `seconds`. */
export const keyInUse = (seconds: number) =>
  new DomainError('IDEMPOTENCY_KEY_IN_USE', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });

/**
 * The charge of a full-size removal: hold the litres (ledger) → run the engine → record the result
 * (removal) and capture the hold (ledger) in one transaction. A failure after the hold releases it:
 * nothing is charged for a result that was not recorded, and no result is recorded uncharged.
 */
export function createRemoveBackgroundWorkflow(deps: {
  transactor: Pick<Transactor, 'run'>;
  litres: Pick<LitreService, 'hold' | 'capture' | 'release'>;
  repo: Pick<RemovalRepo, 'insertResult' | 'settleKey'>;
  log: WorkflowLog;
}): RemoveBackgroundWorkflow {
  return defineWorkflow<RemoveBackgroundInput>({
    name: 'remove background',
    transactor: deps.transactor,
    log: deps.log,
  })
    .step({
      name: 'hold litres',
      run: async ({ user, cost, chargeId }) => ({
        hold: await deps.litres.hold({ holder: user, amount: cost, key: `hold:removal:${chargeId}` }),
      }),
      compensate: async ({ hold }) => {
        await deps.litres.release(hold);
      },
    })
    .step({
      name: 'remove the background',
      run: async ({ engine, image, options, call }) => ({
        result: await engine.remove(image, options, call),
      }),
    })
    .transaction('settle the charge', (steps) =>
      steps
        .step({
          name: 'record the result',
          run: async ({ chargeId, user, apiKeyId, size, cost, result, idempotencyKey }) => {
            // A key taken from this charge (it ran past the stale limit) is another request's now.
            if (idempotencyKey && !(await deps.repo.settleKey(user.id, idempotencyKey, chargeId)))
              throw keyInUse(5);
            await deps.repo.insertResult({
              id: chargeId,
              userId: user.id,
              apiKeyId,
              size,
              cost,
              width: result.width,
              height: result.height,
            });
          },
        })
        .step({
          name: 'capture the hold',
          run: async ({ hold }) => {
            await deps.litres.capture(hold);
          },
        }),
    )
    .returning(({ result }) => result);
}
