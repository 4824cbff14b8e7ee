import { and, eq, lt } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { passportLogins } from './passports.schema.ts';

export type PassportLoginRow = typeof passportLogins.$inferSelect;

/** Sign-ins in flight (passport_logins); every call runs on the transaction in progress, if any. */
export function createPassportsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async insertLogin(login: PassportLoginRow): Promise<void> {
      await db().insert(passportLogins).values(login);
    },

    /** Forgets the sign-ins that were not finished in time. */
    async deleteExpiredLogins(now: Date): Promise<void> {
      await db().delete(passportLogins).where(lt(passportLogins.expiresAt, now));
    },

    /** Takes a sign-in out (it is used once): the row of this state and provider, or null. */
    async takeLogin(state: string, provider: string): Promise<PassportLoginRow | null> {
      const [row] = await db()
        .delete(passportLogins)
        .where(and(eq(passportLogins.state, state), eq(passportLogins.provider, provider)))
        .returning();
      return row ?? null;
    },
  };
}

export type PassportsRepo = ReturnType<typeof createPassportsRepo>;
