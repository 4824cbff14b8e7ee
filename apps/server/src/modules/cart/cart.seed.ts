import type { Db } from '../../platform/db/client.ts';
import { deliveryOptionPrices, deliveryOptions, pickupPoints } from './cart.schema.ts';

/**
 * The delivery the seed shop offers for its goods (light boxes, backdrops, tripods): pickup at its
 * points (free) or a courier to the door. Rows that exist are left alone (an operator's edits stay).
 */
export async function seedDelivery(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(deliveryOptions)
      .values([
        {
          id: 'pickup',
          type: 'pickup',
          name: { en: 'Pickup point', ru: 'Пункт выдачи' },
          description: {
            en: 'Ready the next working day; we keep it for 7 days.',
            ru: 'Готово к выдаче на следующий рабочий день, храним 7 дней.',
          },
          priority: 0,
        },
        {
          id: 'courier',
          type: 'courier',
          name: { en: 'Courier', ru: 'Курьер' },
          description: {
            en: 'To your door in 1–3 working days.',
            ru: 'До двери за 1–3 рабочих дня.',
          },
          priority: 1,
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(deliveryOptionPrices)
      .values([
        { deliveryOptionId: 'pickup', currencyId: 'RUB', amountMinor: 0 },
        { deliveryOptionId: 'pickup', currencyId: 'USD', amountMinor: 0 },
        { deliveryOptionId: 'pickup', currencyId: 'EUR', amountMinor: 0 },
        { deliveryOptionId: 'courier', currencyId: 'RUB', amountMinor: 39_000 },
        { deliveryOptionId: 'courier', currencyId: 'USD', amountMinor: 900 },
        { deliveryOptionId: 'courier', currencyId: 'EUR', amountMinor: 800 },
      ])
      .onConflictDoNothing();
    await tx
      .insert(pickupPoints)
      .values([
        {
          id: 'pickup-moscow-tverskaya',
          deliveryOptionId: 'pickup',
          name: { en: 'Cutout — Tverskaya', ru: 'Cutout — Тверская' },
          address: { en: '7 Tverskaya St, Moscow', ru: 'г. Москва, ул. Тверская, д. 7' },
          settlementId: 'ru-moskva',
          openingHours: {
            en: 'Mon–Fri 10:00–20:00, Sat 11:00–18:00',
            ru: 'Пн–Пт 10:00–20:00, Сб 11:00–18:00',
          },
          latitude: 55.7587,
          longitude: 37.6122,
          priority: 0,
        },
        {
          id: 'pickup-spb-nevsky',
          deliveryOptionId: 'pickup',
          name: { en: 'Cutout — Nevsky', ru: 'Cutout — Невский' },
          address: {
            en: '28 Nevsky Prospekt, Saint Petersburg',
            ru: 'г. Санкт-Петербург, Невский пр., д. 28',
          },
          settlementId: 'ru-sankt-peterburg',
          openingHours: { en: 'Mon–Sat 10:00–21:00', ru: 'Пн–Сб 10:00–21:00' },
          latitude: 59.9357,
          longitude: 30.3259,
          priority: 1,
        },
        {
          id: 'pickup-kazan-bauman',
          deliveryOptionId: 'pickup',
          name: { en: 'Cutout — Baumana', ru: 'Cutout — Баумана' },
          address: { en: '12 Baumana St, Kazan', ru: 'г. Казань, ул. Баумана, д. 12' },
          settlementId: 'ru-kazan',
          openingHours: { en: 'Mon–Fri 10:00–19:00', ru: 'Пн–Пт 10:00–19:00' },
          latitude: 55.7887,
          longitude: 49.1221,
          priority: 2,
        },
      ])
      .onConflictDoNothing();
  });
}
