import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMailer, createSms, registerMailTransport, registerSmsTransport } from './mailer.ts';
import type { OutboxRepo } from './outbox.repo.ts';

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Cutout <robot@cutout.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the verification code as a text and an HTML part, and the code works', async () => {
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/permissions/request?typeId=email',
      payload: { purpose: 'user_verify', email: 'smtp-user@example.com' },
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['smtp-user@example.com']);
    expect(mail?.raw).toMatch(/^From: Cutout <robot@cutout\.test>/m);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    const code = mail?.raw.match(/Your verification code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [item] = request.json().permissionItemList;
    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/permissions/approve?typeId=email',
      payload: { purpose: 'user_verify', permissionItemList: [{ id: item.id, otp: code }] },
    });
    expect(approve.json().permissionItemList[0].granted).toBe(true);
  });

  it('has no outbox page when mail goes out for real', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the transports of mail and SMS', () => {
  const outbox = { insert: vi.fn(async () => {}) } as unknown as OutboxRepo;
  const log = { info: vi.fn() };

  it('keeps mail and SMS in the outbox without a URL', async () => {
    const mailer = createMailer({ url: undefined, from: 'robot@cutout.test', outbox, log });
    const sms = createSms({ url: undefined, from: 'robot@cutout.test', outbox, log });
    expect([mailer.transport, sms.transport]).toEqual(['outbox', 'outbox']);
    await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'text', html: '<p>html</p>' });
    await sms.send({ to: '+79123456789', text: 'code' });
    expect(outbox.insert).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'email', recipient: 'a@example.com' }),
    );
    expect(outbox.insert).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'sms', recipient: '+79123456789' }),
    );
  });

  it('takes a transport added by registering it, chosen by the scheme of the configured URL', async () => {
    const sent: string[] = [];
    registerMailTransport('test-api', ({ url, from }) => ({
      async send(message) {
        sent.push(`${from} → ${message.to} via ${url}`);
      },
    }));
    registerSmsTransport('test-sms', ({ url }) => ({
      async send(message) {
        sent.push(`${message.to} via ${url}`);
      },
    }));
    const mailer = createMailer({ url: 'test-api://key@host', from: 'robot@cutout.test', outbox, log });
    const sms = createSms({ url: 'test-sms://token@provider', from: 'Cutout', outbox, log });
    await mailer.send({ to: 'b@example.com', subject: 'Hi', text: 'text', html: 'html' });
    await sms.send({ to: '+79000000000', text: 'code' });
    expect(mailer.transport).toBe('test-api');
    expect(sent).toEqual([
      'robot@cutout.test → b@example.com via test-api://key@host',
      '+79000000000 via test-sms://token@provider',
    ]);
  });

  it('refuses an unknown transport at start, and a name registered twice', () => {
    expect(() => createMailer({ url: 'carrier-pigeon://loft', from: 'x', outbox, log })).toThrow(
      'no mail transport "carrier-pigeon"; registered: outbox, smtp, smtps',
    );
    expect(() => registerMailTransport('smtp', () => ({ send: async () => {} }))).toThrow(
      'a mail transport "smtp" is already registered',
    );
  });
});
