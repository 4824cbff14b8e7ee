import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { accessTokens, passwordResetTokens, permissionItems, userPassports, users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type PermissionItemRow = typeof permissionItems.$inferSelect;
export type ResetTokenPurpose = (typeof passwordResetTokens.$inferSelect)['purpose'];

/** Unique violations (a second account for the same address) from PostgreSQL and PGlite alike. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The codes of one address for one purpose (lockCodeRequests holds them). */
export interface CodeAddress {
  storeId: string;
  typeId: string;
  address: string;
  purpose: string;
}

const codesOf = (where: CodeAddress) =>
  and(
    eq(permissionItems.storeId, where.storeId),
    eq(permissionItems.typeId, where.typeId),
    eq(permissionItems.address, where.address),
    eq(permissionItems.purpose, where.purpose),
  );

/** A reset token sought by its hash and purpose, as of a moment. */
type ResetTokenQuery = { tokenHash: string; purpose: ResetTokenPurpose; now: Date };

/** A reset token of the purpose that is neither used nor expired. */
const liveResetToken = (token: ResetTokenQuery) =>
  and(
    eq(passwordResetTokens.tokenHash, token.tokenHash),
    eq(passwordResetTokens.purpose, token.purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, token.now),
  );

export function createUsersRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db().select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findByAddress(
      storeId: string,
      address: { email?: string; phoneNumber?: string },
    ): Promise<UserRow | null> {
      const where = address.email
        ? and(eq(users.storeId, storeId), eq(users.email, address.email))
        : address.phoneNumber
          ? and(eq(users.storeId, storeId), eq(users.phoneNumber, address.phoneNumber))
          : undefined;
      if (!where) return null;
      const [row] = await db().select().from(users).where(where);
      return row ?? null;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db().insert(users).values(user).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(id: string, changes: Partial<NewUser>): Promise<void> {
      await db().update(users).set(changes).where(eq(users.id, id));
    },

    async insertAccessToken(token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db().insert(accessTokens).values(token);
    },

    /** The user of a live token (not revoked, not expired). */
    async findUserByToken(
      tokenHash: string,
      now: Date,
    ): Promise<{ user: UserRow; lastUsedAt: Date | null } | null> {
      const [row] = await db()
        .select({ user: users, lastUsedAt: accessTokens.lastUsedAt })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(
          and(
            eq(accessTokens.tokenHash, tokenHash),
            isNull(accessTokens.revokedAt),
            gt(accessTokens.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    async touchAccessToken(tokenHash: string, now: Date): Promise<void> {
      await db().update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.tokenHash, tokenHash));
    },

    async revokeAccessToken(tokenHash: string, now: Date): Promise<void> {
      await db().update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.tokenHash, tokenHash));
    },

    /** Ends every session of a user, or every one but `keepTokenHash` (the session that asked). */
    async revokeAllAccessTokens(userId: string, now: Date, keepTokenHash?: string): Promise<void> {
      await db()
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(accessTokens.userId, userId),
            isNull(accessTokens.revokedAt),
            keepTokenHash ? ne(accessTokens.tokenHash, keepTokenHash) : undefined,
          ),
        );
    },

    async insertPermissionItem(item: typeof permissionItems.$inferInsert): Promise<PermissionItemRow> {
      const [row] = await db().insert(permissionItems).values(item).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async findPermissionItem(storeId: string, id: string): Promise<PermissionItemRow | null> {
      const [row] = await db()
        .select()
        .from(permissionItems)
        .where(and(eq(permissionItems.storeId, storeId), eq(permissionItems.id, id)));
      return row ?? null;
    },

    /** The newest unconsumed code for an address and purpose. */
    async findLatestPermissionItem(where: CodeAddress): Promise<PermissionItemRow | null> {
      const [row] = await db()
        .select()
        .from(permissionItems)
        .where(and(codesOf(where), isNull(permissionItems.consumedAt)))
        .orderBy(desc(permissionItems.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Ends the codes of an address and purpose still waiting to be entered (a newer code replaces
     * them): only the newest code sent works. Codes already entered keep their grant.
     */
    async expirePendingCodes(where: CodeAddress, now: Date): Promise<void> {
      await db()
        .update(permissionItems)
        .set({ expiredAt: now })
        .where(
          and(
            codesOf(where),
            isNull(permissionItems.grantedAt),
            isNull(permissionItems.consumedAt),
            gt(permissionItems.expiredAt, now),
          ),
        );
    },

    /**
     * Holds an address's codes of one purpose for the rest of the transaction in progress, so that
     * code requests for it made at once are answered one after another (the second sees the first).
     */
    async lockCodeRequests(key: CodeAddress) {
      const name = `permission_items:${key.storeId}:${key.typeId}:${key.purpose}:${key.address}`;
      await db().execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
    },

    /**
     * Counts one attempt at an item's code while it has attempts left, in one statement (parallel
     * guesses each take one): answers the attempts now counted, or null when none were left.
     */
    async countCodeAttempt(id: string, maxAttempts: number): Promise<number | null> {
      const [row] = await db()
        .update(permissionItems)
        .set({ attempts: sql`${permissionItems.attempts} + 1` })
        .where(and(eq(permissionItems.id, id), lt(permissionItems.attempts, maxAttempts)))
        .returning({ attempts: permissionItems.attempts });
      return row?.attempts ?? null;
    },

    async updatePermissionItem(id: string, changes: Partial<PermissionItemRow>): Promise<void> {
      await db().update(permissionItems).set(changes).where(eq(permissionItems.id, id));
    },

    async insertResetToken(token: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db().insert(passwordResetTokens).values(token);
    },

    /** Whether a token of the purpose is live (not used, not expired), leaving it as it is. */
    async isResetTokenLive(input: ResetTokenQuery): Promise<boolean> {
      const [row] = await db()
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(liveResetToken(input));
      return row !== undefined;
    },

    /**
     * Uses up a live token of the purpose and answers its user, or null when it is unknown, used,
     * expired or of another purpose. One statement: two requests with the same token cannot both win.
     */
    async useResetToken(input: ResetTokenQuery): Promise<string | null> {
      const [row] = await db()
        .update(passwordResetTokens)
        .set({ usedAt: input.now })
        .where(liveResetToken(input))
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId ?? null;
    },

    /**
     * Takes every outstanding way to set a new password out of use: the user's unused reset links
     * and the unused reset codes sent to their addresses. Called whenever the password changes.
     */
    async invalidateResetCredentials(user: UserRow, now: Date): Promise<void> {
      await db()
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.userId, user.id),
            eq(passwordResetTokens.purpose, 'set_password'),
            isNull(passwordResetTokens.usedAt),
          ),
        );
      const addresses = [
        user.email ? and(eq(permissionItems.typeId, 'email'), eq(permissionItems.address, user.email)) : null,
        user.phoneNumber
          ? and(eq(permissionItems.typeId, 'phone'), eq(permissionItems.address, user.phoneNumber))
          : null,
      ].filter((condition) => condition !== null);
      if (addresses.length === 0) return;
      await db()
        .update(permissionItems)
        .set({ consumedAt: now })
        .where(
          and(
            eq(permissionItems.storeId, user.storeId),
            eq(permissionItems.purpose, 'user_reset_password'),
            isNull(permissionItems.consumedAt),
            or(...addresses),
          ),
        );
    },

    async findPassport(provider: string, subject: string) {
      const [row] = await db()
        .select()
        .from(userPassports)
        .where(and(eq(userPassports.provider, provider), eq(userPassports.subject, subject)));
      return row ?? null;
    },

    async listPassports(userId: string) {
      return db().select().from(userPassports).where(eq(userPassports.userId, userId));
    },

    async insertPassport(passport: { userId: string; provider: string; subject: string }): Promise<void> {
      await db().insert(userPassports).values(passport).onConflictDoNothing();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
