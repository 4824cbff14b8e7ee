import type { OrderStatus } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { orderFixture } from './fake-orders-api.ts';
import { timelineOf } from './order-timeline.ts';

const steps = (status: OrderStatus) =>
  timelineOf(orderFixture({ status })).map((step) => `${step.id}:${step.state}`);

describe('the order timeline', () => {
  it.each([
    // The step it waits on now is the current one; the steps after it are to come.
    ['placed', ['placed:done', 'awaitingPayment:current', 'notFulfilled:pending']],
    ['awaiting_payment', ['placed:done', 'awaitingPayment:current', 'notFulfilled:pending']],
    ['paid', ['placed:done', 'paid:done', 'notFulfilled:current']],
    ['fulfilled', ['placed:done', 'paid:done', 'fulfilled:done']],
    ['cancelled', ['placed:done', 'cancelled:stopped']],
    ['refunded', ['placed:done', 'paid:done', 'refunded:stopped']],
  ] as const)('%s', (status, expected) => {
    expect(steps(status)).toEqual(expected);
  });

  it('tells when a fulfilled order was fulfilled', () => {
    const fulfilled = timelineOf(
      orderFixture({ status: 'fulfilled', fulfilledAt: '2026-03-02T08:00:00.000Z' }),
    );
    expect(fulfilled.at(-1)).toEqual({ id: 'fulfilled', state: 'done', at: '2026-03-02T08:00:00.000Z' });
  });

  it('tells when a refund was made and how much it returned', () => {
    const refunded = timelineOf(
      orderFixture({ status: 'refunded', refundedAt: '2026-03-02T09:00:00.000Z', refundAmount: 71_400 }),
    );
    expect(refunded.at(-1)).toEqual({
      id: 'refunded',
      state: 'stopped',
      at: '2026-03-02T09:00:00.000Z',
      amount: 71_400,
    });
  });
});
