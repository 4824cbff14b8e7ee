import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoubleServer } from '../double-server.ts';
import { startYooKassaDouble, type YooKassaDouble } from './yookassa-double.ts';

let double: YooKassaDouble;

beforeAll(async () => {
  double = await startYooKassaDouble({ shopId: '123456', secretKey: 'test_secret' });
});

afterAll(async () => {
  await double?.close();
});

describe('YooKassa double', () => {
  it('the double holds the API to its rules and notifies a given address', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${double.url}/payments`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('123456:test_secret').toString('base64')}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const body = {
      amount: { value: '10.00', currency: 'RUB' },
      confirmation: { type: 'redirect', return_url: 'https://shop.example/' },
    };
    expect((await post({}, body)).status).toBe(400);
    const key = randomUUID();
    expect((await post({ 'idempotence-key': key }, body)).status).toBe(200);
    const other = await post(
      { 'idempotence-key': key },
      { ...body, amount: { value: '11.00', currency: 'RUB' } },
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ type: 'error', code: 'invalid_request' });
    expect(
      (
        await post(
          { 'idempotence-key': randomUUID() },
          { ...body, amount: { value: '10.001', currency: 'RUB' } },
        )
      ).status,
    ).toBe(400);
    const received: string[] = [];
    const store = await startDoubleServer((_request, raw, response) => {
      received.push(raw);
      response.end();
    });
    const opened = (await (await post({ 'idempotence-key': randomUUID() }, body)).json()) as { id: string };
    const providerPaymentId: string = opened.id;
    double.pay(providerPaymentId);
    expect(
      await double.notify(`${store.url}/webhooks/yookassa`, 'payment.succeeded', providerPaymentId),
    ).toBe(200);
    await store.close();
    expect(JSON.parse(received[0]!)).toMatchObject({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: providerPaymentId, status: 'succeeded' },
    });
  });
});
