import { currencyCodes, type PersonalAccountEntryType, personalAccountSchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { storeOption } from '../store/store.service.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { LedgerService, LedgerUnit } from './ledger.service.ts';

/** An entry's type, read from its ledger key (README: the keys of the ledger). */
export function personalAccountEntryType(key: string): PersonalAccountEntryType {
  if (key.startsWith('purchase:order-item:')) return 'recharge';
  if (key.startsWith('code:')) return 'code';
  if (key.startsWith('renewal:')) return 'renewal';
  if (key.startsWith('pay:order:')) return 'payment';
  // Money back from a refunded order paid from the account, or a refunded top-up leaving it.
  if (key.startsWith('refund:')) return 'refund';
  return 'other';
}

/** The signed-in user's personal account (AllowPersonalAccount): balance and history. */
export async function personalAccountRoutes(app: FastifyInstance, options: { ledger: LedgerService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/personalAccount/fetchPersonalAccount',
    {
      ...signedIn,
      schema: { body: z.object({}).passthrough().nullish(), response: { 200: personalAccountSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!storeOption(request.store, 'AllowPersonalAccount')) throw new DomainError('NOT_FOUND');
      const currency = request.store.currency.characterCode;
      const accountIn = (code: string) => ({ userId: user.id, unit: `money:${code}` as LedgerUnit });
      const account = accountIn(currency);
      // The other currencies money is counted in: a balance there would look lost after a switch.
      const others = currencyCodes.filter((code) => code !== currency);
      const [balance, entries, ...otherTotals] = await Promise.all([
        options.ledger.balance(account),
        options.ledger.statement(account),
        ...others.map((code) => options.ledger.balance(accountIn(code))),
      ]);
      return {
        balance: { amountMinor: balance.total, currency },
        otherBalances: others
          .map((code, index) => ({ amountMinor: otherTotals[index]?.total ?? 0, currency: code }))
          .filter((other) => other.amountMinor !== 0),
        entries: entries.map((entry) => ({
          id: entry.id,
          type: personalAccountEntryType(entry.key),
          amountMinor: entry.amount,
          pending: entry.pending,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  );
}
