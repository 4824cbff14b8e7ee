import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accessTokens, passwordResetTokens, permissionItems, userPassports, users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type PermissionItemRow = typeof permissionItems.$inferSelect;

/** Unique violations (a second account for the same address) from PostgreSQL and PGlite alike. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

export function createUsersRepo(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
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
      const [row] = await db.select().from(users).where(where);
      return row ?? null;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(id: string, changes: Partial<NewUser>): Promise<void> {
      await db.update(users).set(changes).where(eq(users.id, id));
    },

    async insertAccessToken(token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insert(accessTokens).values(token);
    },

    /** The user of a live token (not revoked, not expired). */
    async findUserByToken(
      tokenHash: string,
      now: Date,
    ): Promise<{ user: UserRow; lastUsedAt: Date | null } | null> {
      const [row] = await db
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
      await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.tokenHash, tokenHash));
    },

    async revokeAccessToken(tokenHash: string, now: Date): Promise<void> {
      await db.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.tokenHash, tokenHash));
    },

    async revokeAllAccessTokens(userId: string, now: Date): Promise<void> {
      await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
    },

    async insertPermissionItem(item: typeof permissionItems.$inferInsert): Promise<PermissionItemRow> {
      const [row] = await db.insert(permissionItems).values(item).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async findPermissionItem(storeId: string, id: string): Promise<PermissionItemRow | null> {
      const [row] = await db
        .select()
        .from(permissionItems)
        .where(and(eq(permissionItems.storeId, storeId), eq(permissionItems.id, id)));
      return row ?? null;
    },

    /** The newest unconsumed code for an address and purpose. */
    async findLatestPermissionItem(where: {
      storeId: string;
      typeId: string;
      address: string;
      purpose: string;
    }): Promise<PermissionItemRow | null> {
      const [row] = await db
        .select()
        .from(permissionItems)
        .where(
          and(
            eq(permissionItems.storeId, where.storeId),
            eq(permissionItems.typeId, where.typeId),
            eq(permissionItems.address, where.address),
            eq(permissionItems.purpose, where.purpose),
            isNull(permissionItems.consumedAt),
          ),
        )
        .orderBy(desc(permissionItems.createdAt))
        .limit(1);
      return row ?? null;
    },

    async updatePermissionItem(id: string, changes: Partial<PermissionItemRow>): Promise<void> {
      await db.update(permissionItems).set(changes).where(eq(permissionItems.id, id));
    },

    async insertResetToken(token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insert(passwordResetTokens).values(token);
    },

    async findResetToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    async markResetTokenUsed(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      return rows.length === 1;
    },

    async findPassport(provider: string, subject: string) {
      const [row] = await db
        .select()
        .from(userPassports)
        .where(and(eq(userPassports.provider, provider), eq(userPassports.subject, subject)));
      return row ?? null;
    },

    async listPassports(userId: string) {
      return db.select().from(userPassports).where(eq(userPassports.userId, userId));
    },

    async insertPassport(passport: { userId: string; provider: string; subject: string }): Promise<void> {
      await db.insert(userPassports).values(passport).onConflictDoNothing();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
