import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPages,
  backOffice,
  createTestApp,
  latestOutboxMessage,
  type PageSource,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';

const hour = 3_600_000;

describe.each(testDatabases)('the news subscription (%s)', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-25T12:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  let addresses = 0;
  const post = (url: string, payload: object, language = 'en', remoteAddress = `10.30.0.${++addresses}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores/news${url}`,
      payload,
      headers: { 'x-locale-id': language },
      remoteAddress,
    });
  const tokenIn = (text: string | undefined, kind: 'confirm' | 'unsubscribe') =>
    decodeURIComponent(text?.match(new RegExp(`/blog/subscription/${kind}\\?token=([^\\s]+)`))?.[1] ?? '');
  const newPost = (id: string): PageSource => ({
    id,
    type: 'blog_post',
    title: { en: `News ${id}`, ru: `Новость ${id}` },
    slugName: { en: `${id}-en`, ru: `${id}-ru` },
    preview: { en: 'What is new.', ru: 'Что нового.' },
    description: { en: 'd', ru: 'о' },
    keywords: { en: 'k', ru: 'к' },
    content: { en: 'Text.', ru: 'Текст.' },
    createdAt: clock.now(),
    coverSvg: null,
  });
  const announce = () => backOffice(t, clock.now).newsletter.announce();

  it('confirms an address from the mail, then mails each new post once, with an unsubscribe link', async () => {
    const email = `reader-${kind}@example.com`;
    const asked = await post('/subscribe', { email: ` ${email.toUpperCase()} ` }, 'ru');
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await latestOutboxMessage(t, email);
    expect(mail?.subject).toBe('Подтвердите подписку на блог Cutout');
    const token = tokenIn(mail?.text, 'confirm');
    expect(mail?.text).toContain('http://localhost/ru/blog/subscription/confirm?token=');

    // Not confirmed yet: a new post goes to no one.
    await addPages(t, [newPost('first-news')], clock.now);
    expect(await announce()).toBe(0);

    expect((await post('/confirm', { token })).json()).toEqual({ status: 'confirmed' });
    // The link opened again (a second click, a mail client's preview) says the same, not 'expired'.
    expect((await post('/confirm', { token })).json()).toEqual({ status: 'confirmed' });

    await addPages(t, [newPost('second-news')], clock.now);
    expect(await announce()).toBe(1);
    expect(await announce()).toBe(0);
    const news = await latestOutboxMessage(t, email);
    expect(news?.subject).toBe('Новость second-news');
    expect(news?.text).toContain('http://localhost/ru/blog/second-news/second-news-ru');

    const unsubscribe = tokenIn(news?.text, 'unsubscribe');
    expect((await post('/unsubscribe', { token: unsubscribe })).json()).toEqual({ result: true });
    await addPages(t, [newPost('third-news')], clock.now);
    expect(await announce()).toBe(0);
    expect((await post('/unsubscribe', { token: 'not-a-token' })).json()).toEqual({ result: false });
    // The old confirmation link does not subscribe the address again once it has left.
    expect((await post('/confirm', { token })).json()).toEqual({ status: 'expired' });
    await addPages(t, [newPost('fourth-news')], clock.now);
    expect(await announce()).toBe(0);
  });

  it('answers an address already confirmed the same and mails it nothing; a link works 48 hours', async () => {
    const email = `twice-${kind}@example.com`;
    await post('/subscribe', { email });
    const first = await latestOutboxMessage(t, email);
    expect((await post('/confirm', { token: tokenIn(first?.text, 'confirm') })).json().status).toBe(
      'confirmed',
    );
    expect((await post('/subscribe', { email })).statusCode).toBe(200);
    expect((await latestOutboxMessage(t, email))?.id).toBe(first?.id);

    const late = `late-${kind}@example.com`;
    await post('/subscribe', { email: late });
    const token = tokenIn((await latestOutboxMessage(t, late))?.text, 'confirm');
    clock.advance(49 * hour);
    expect((await post('/confirm', { token })).json().status).toBe('expired');
  });

  it('refuses a bad address and limits the requests of one address', async () => {
    const bad = await post('/subscribe', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const statuses = [];
    for (let n = 0; n < 6; n++) {
      statuses.push(
        (await post('/subscribe', { email: `flood-${n}-${kind}@example.com` }, 'en', '10.31.0.1')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
