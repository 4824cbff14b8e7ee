import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const subscriberStates = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * The blog's news subscription (issue 16), double opt-in: an address is written pending with a
 * confirmation token (its SHA-256 kept; the token itself only travels in the mail) and receives
 * posts once it is confirmed. Every mail carries its unsubscribe link: a token of its own, kept as
 * it is (it can only take this address off the list).
 */
export const newsSubscribers = pgTable(
  'news_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    language: text('language').notNull(),
    state: text('state', { enum: subscriberStates }).notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('news_subscribers_email_key').on(t.email),
    uniqueIndex('news_subscribers_confirm_key').on(t.confirmTokenHash),
    uniqueIndex('news_subscribers_unsubscribe_key').on(t.unsubscribeToken),
    index('news_subscribers_state_idx').on(t.state),
  ],
);

/** A post mailed to a subscriber: once each, whatever runs the job how often. */
export const newsDeliveries = pgTable(
  'news_deliveries',
  {
    pageId: text('page_id').notNull(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => newsSubscribers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.subscriberId] })],
);
