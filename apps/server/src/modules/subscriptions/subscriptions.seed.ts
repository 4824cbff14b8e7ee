import type { Db } from '../../platform/db/client.ts';
import { planMonthlyPrices } from '../catalog/catalog.seed.ts';
import {
  subscriptionPlanOptions,
  subscriptionPlanOptionValues,
  subscriptionPlanPeriods,
  subscriptionPlans,
} from './subscriptions.schema.ts';

type Prices = Record<string, number>;

/** A year paid at once costs half of twelve months (SPEC §1). */
const yearly = (monthly: Prices): Prices =>
  Object.fromEntries(Object.entries(monthly).map(([currency, amount]) => [currency, amount * 6]));

/** The smallest plan can also be paid once, for good: about two years of its monthly price. */
const foreverPrices: Prices = { RUB: 599_000, USD: 7_199, EUR: 6_699 };

const yes = { en: 'true' };
const options: Array<typeof subscriptionPlanOptions.$inferInsert> = [
  {
    id: 'litres-per-month',
    name: { en: 'Images a month (litres)', ru: 'Изображений в месяц (литров)' },
    description: {
      en: 'Full-size images with the background removed, credited every month.',
      ru: 'Изображения в полном размере без фона, начисляются каждый месяц.',
    },
    valueType: 'number',
    valueAtZero: { en: '0' },
    priority: 10,
  },
  {
    id: 'rollover',
    name: { en: 'Unused litres roll over', ru: 'Неиспользованные литры переносятся' },
    description: {
      en: 'Litres you do not use carry over to the next month while the subscription lasts.',
      ru: 'Неиспользованные литры переходят на следующий месяц, пока действует подписка.',
    },
    valueType: 'boolean',
    valueAtZero: { en: 'false' },
    priority: 20,
  },
  {
    id: 'api-access',
    name: { en: 'API and 1C extension', ru: 'API и расширение для 1С' },
    description: null,
    valueType: 'boolean',
    valueAtZero: { en: 'false' },
    priority: 30,
  },
  {
    id: 'full-resolution',
    name: { en: 'Full resolution, up to 40 MP', ru: 'Полное разрешение, до 40 Мп' },
    description: null,
    valueType: 'boolean',
    valueAtZero: { en: 'false' },
    priority: 40,
  },
  {
    id: 'priority-processing',
    name: { en: 'Priority processing', ru: 'Приоритетная обработка' },
    description: {
      en: 'Your images go ahead of the queue when the service is busy.',
      ru: 'Ваши изображения обрабатываются без очереди, когда сервис загружен.',
    },
    valueType: 'boolean',
    valueAtZero: { en: 'false' },
    priority: 50,
  },
  {
    id: 'support',
    name: { en: 'Support', ru: 'Поддержка' },
    description: null,
    valueType: 'string',
    valueAtZero: { en: 'E-mail', ru: 'По почте' },
    priority: 60,
  },
];

const support = {
  priority: { en: 'Priority e-mail, 4 h', ru: 'Приоритетная, 4 ч' },
  manager: { en: 'Personal manager', ru: 'Персональный менеджер' },
};

/**
 * The plans of issue 15 (10, 40, 100, 200 and 500 images a month; monthly and yearly, a year at
 * 50 %; the smallest also forever), sold as the catalogue's plan products. Rows that exist are
 * kept: an operator's edits survive a restart.
 */
export async function seedSubscriptionPlans(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(subscriptionPlanOptions).values(options).onConflictDoNothing();
    for (const [index, [litresText, monthly]] of Object.entries(planMonthlyPrices).entries()) {
      const litres = Number(litresText);
      const id = `plan-${litres}`;
      const inserted = await tx
        .insert(subscriptionPlans)
        .values({
          id,
          productId: `product_plan_${litres}`,
          tradeOfferId: `offer_plan_${litres}`,
          litresPerMonth: litres,
          priority: (index + 1) * 10,
          featured: litres === 100,
        })
        .onConflictDoNothing()
        .returning({ id: subscriptionPlans.id });
      if (inserted.length === 0) continue;
      await tx
        .insert(subscriptionPlanPeriods)
        .values([
          { planId: id, period: 'month', prices: monthly },
          { planId: id, period: 'year', prices: yearly(monthly) },
          ...(litres === 10 ? [{ planId: id, period: 'forever' as const, prices: foreverPrices }] : []),
        ]);
      await tx
        .insert(subscriptionPlanOptionValues)
        .values([
          { planId: id, optionId: 'litres-per-month', value: { en: String(litres) } },
          { planId: id, optionId: 'rollover', value: yes },
          { planId: id, optionId: 'api-access', value: yes },
          { planId: id, optionId: 'full-resolution', value: yes },
          ...(litres >= 200 ? [{ planId: id, optionId: 'priority-processing', value: yes }] : []),
          ...(litres >= 500
            ? [{ planId: id, optionId: 'support', value: support.manager }]
            : litres >= 100
              ? [{ planId: id, optionId: 'support', value: support.priority }]
              : []),
        ]);
    }
  });
}
