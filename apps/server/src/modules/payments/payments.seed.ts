import type { Db } from '../../platform/db/client.ts';
import { paymentOptions } from './payments.schema.ts';

/**
 * The ways to pay. Each is offered only when its provider is configured and takes the buyer's
 * currency: the demo acquirer always (all currencies), YooKassa for roubles, Stripe for dollars
 * and euros.
 */
export async function seedPaymentOptions(db: Db): Promise<void> {
  await db
    .insert(paymentOptions)
    .values([
      {
        id: 'yookassa',
        provider: 'yookassa',
        name: { en: 'Bank card, SBP, YooMoney', ru: 'Банковская карта, СБП, ЮMoney' },
        description: { en: 'Secure payment through YooKassa.', ru: 'Безопасная оплата через ЮKassa.' },
        priority: 0,
      },
      {
        id: 'stripe',
        provider: 'stripe',
        name: { en: 'Card (Stripe)', ru: 'Карта (Stripe)' },
        description: {
          en: 'Visa, Mastercard, Apple Pay, Google Pay through Stripe.',
          ru: 'Visa, Mastercard, Apple Pay, Google Pay через Stripe.',
        },
        priority: 1,
      },
      {
        id: 'demo-card',
        provider: 'demo',
        name: { en: 'Bank card (demo)', ru: 'Банковская карта (демо)' },
        description: {
          en: 'The built-in demo acquirer: test cards only, no money moves.',
          ru: 'Встроенный демо-эквайринг: только тестовые карты, деньги не списываются.',
        },
        priority: 2,
      },
      {
        id: 'personal-account',
        provider: 'personal-account',
        name: { en: 'Personal account', ru: 'Лицевой счёт' },
        description: {
          en: 'Paid at once from the money on your personal account.',
          ru: 'Оплата сразу, деньгами с вашего лицевого счёта.',
        },
        priority: 3,
      },
    ])
    .onConflictDoNothing();
}
