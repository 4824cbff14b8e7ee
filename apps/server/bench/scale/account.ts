// A customer of a running server, made and served only through its HTTP API, as a person and their
// script would: sign-up with the e-mail code (read from the development outbox), an API key, litres
// bought with the demo card, and removals through POST /api/v1/removebg.
import { performance } from 'node:perf_hooks';

export interface Customer {
  /** The session's access token (the store API's Authorization). */
  token: string;
  /** The API key (X-Access-Token of /api/v1). */
  key: string;
}

const litreBundle = { tradeOfferId: 'offer_litres_200', litres: 200 };

async function call(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const response = await fetch(`${base}${path}`, {
    ...rest,
    redirect: 'manual',
    headers: {
      origin: base,
      ...(rest.body && typeof rest.body === 'string' && { 'content-type': 'application/json' }),
      ...(token && { authorization: token }),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
  if (response.status >= 400) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

const post = async <T = unknown>(base: string, path: string, body: object, token?: string): Promise<T> =>
  (await call(base, path, { method: 'POST', body: JSON.stringify(body), token })).json() as Promise<T>;

/** The six-digit code the outbox holds for `email`. */
async function codeFor(base: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { messages } = (await (await call(base, '/api/dev/outbox')).json()) as {
      messages: Array<{ recipient: string; text: string }>;
    };
    const code = messages.find((message) => message.recipient === email)?.text.match(/(\d{6})/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code for ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs up a new customer (verified e-mail) and issues them an API key. */
export async function signUp(base: string, email: string): Promise<Customer> {
  const users = '/api/stores/users';
  const request = await post<{ permissionItemList: Array<{ id: string }> }>(
    base,
    `${users}/permissions/request?typeId=email`,
    { purpose: 'user_verify', email },
  );
  const id = request.permissionItemList[0]?.id;
  const otp = await codeFor(base, email);
  await post(base, `${users}/permissions/approve?typeId=email`, {
    purpose: 'user_verify',
    permissionItemList: [{ id, otp }],
  });
  const registered = await post<{ accessTokens: Array<{ id: string }> }>(base, `${users}/register`, {
    email,
    password: 'bench-password-1',
    permissionItemList: [{ id }],
  });
  const token = registered.accessTokens[0]?.id;
  if (!id || !token) throw new Error(`the sign-up of ${email} answered no permission item or token`);
  const issued = await post<{ value: string }>(
    base,
    '/api/stores/actions/remove-background/issueToken',
    { label: 'bench' },
    token,
  );
  return { token, key: issued.value };
}

/** The customer's litres, as GET /api/v1/account answers them. */
export async function litres(base: string, customer: Customer): Promise<number> {
  const response = await call(base, '/api/v1/account', { headers: { 'x-access-token': customer.key } });
  const answer = (await response.json()) as { data: { attributes: { litres: { total: number } } } };
  return answer.data.attributes.litres.total;
}

/**
 * Buys bundles of 200 litres with the demo card until the customer has at least `needed`: cart,
 * checkout, the acquirer's page paid with a test card, the return validated. Answers the bundles bought.
 */
export async function ensureLitres(base: string, customer: Customer, needed: number): Promise<number> {
  const missing = needed - (await litres(base, customer));
  if (missing <= 0) return 0;
  const quantity = Math.ceil(missing / litreBundle.litres);
  const { token } = customer;
  await post(
    base,
    '/api/stores/shoppingCarts/updateShoppingCart',
    { productItems: [{ tradeOfferId: litreBundle.tradeOfferId, quantity }], paymentOptionId: 'demo-card' },
    token,
  );
  const checkout = await post<{ formUrl: string }>(
    base,
    '/api/stores/shoppingCarts/checkoutShoppingCart',
    {
      resolveCallbackUrl: `${base}/en/shopping-cart/checkout/demo-card/validate`,
      rejectCallbackUrl: `${base}/en/shopping-cart/checkout/failure`,
    },
    token,
  );
  const paid = await call(base, new URL(checkout.formUrl).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
  const location = paid.headers.get('location');
  if (!location) throw new Error(`the demo acquirer answered ${paid.status} without sending the buyer back`);
  const validated = await post<{ statusId: string }>(
    base,
    '/api/stores/paymentOptions/demo-card/validate',
    { queryString: new URL(location, base).search },
    token,
  );
  if (validated.statusId !== 'payment_operation_statuses.paid')
    throw new Error(`the litres' payment ended ${validated.statusId}`);
  const now = await litres(base, customer);
  if (now < needed) throw new Error(`bought ${quantity} bundle(s) of litres but have ${now}, need ${needed}`);
  return quantity;
}

export interface Removal {
  status: number;
  ms: number;
  /** The litres charged, as X-Credits-Charged says. */
  charged: number;
  /** Bytes of the answer (the cut-out image). */
  bytes: number;
  /** The start of the answer's text when it is not 200. */
  error?: string;
}

/** One POST /api/v1/removebg with the image as a file. */
export async function removeBackground(
  base: string,
  customer: Customer,
  image: Buffer,
  size: 'full' | 'preview',
): Promise<Removal> {
  const form = new FormData();
  form.set('image_file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  form.set('size', size);
  const started = performance.now();
  let response: Response;
  let body: Buffer;
  try {
    response = await fetch(`${base}/api/v1/removebg`, {
      method: 'POST',
      body: form,
      headers: { 'x-access-token': customer.key },
    });
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    // No answer at all (the connection closed): status 0, for the caller to count or refuse.
    const cause = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    return { status: 0, ms: performance.now() - started, charged: 0, bytes: 0, error: cause };
  }
  return {
    status: response.status,
    ms: performance.now() - started,
    charged: Number(response.headers.get('x-credits-charged') ?? 0),
    bytes: body.byteLength,
    ...(response.status !== 200 && { error: body.subarray(0, 300).toString() }),
  };
}

/** Sends `images` with `concurrency` requests in flight; answers the wall time and every answer. */
export async function removeAll(
  base: string,
  customer: Customer,
  options: { images: Buffer[]; size: 'full' | 'preview'; concurrency: number },
): Promise<{ ms: number; removals: Removal[] }> {
  const removals: Removal[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, options.images.length) }, async () => {
      while (next < options.images.length) {
        const image = options.images[next++] as Buffer;
        removals.push(await removeBackground(base, customer, image, options.size));
      }
    }),
  );
  return { ms: performance.now() - started, removals };
}
