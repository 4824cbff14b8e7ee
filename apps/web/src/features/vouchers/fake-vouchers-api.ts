import type { Voucher, VoucherGrant } from '@cutout/contracts';

/**
 * For tests: the pin code calls of the API over in-memory codes, answered at fetch level, each call
 * recorded with its body. Applying follows the server's rules (an empty code, an unknown one, one
 * applied already; dashes, spaces and case do not matter) and answers its notice in the request's
 * language; sending refuses an address without '@' as the server's validation does.
 */

let nextId = 1;

export function voucherFixture(overrides: Partial<Voucher> = {}): Voucher {
  const id = overrides.id ?? `voucher-${nextId++}`;
  return {
    id,
    kind: 'pin_code',
    code: 'ABCD-EFGH-JKLM',
    grant: { type: 'litres', litres: 20 },
    productName: 'Pin code: 20 litres',
    recipientEmail: null,
    createdAt: '2026-03-12T10:00:00.000Z',
    redeemedAt: null,
    voidedAt: null,
    redeemedByViewer: false,
    ...overrides,
  };
}

/** A code the server knows but the viewer has not seen: applying it adds it to their list. */
export interface ApplicableCode {
  code: string;
  grant: VoucherGrant;
  kind?: Voucher['kind'];
}

type Body = { pinCode?: string | null; email?: string; language?: string };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const refusal = (status: number, code: string, message: string) => json({ code, message }, status);

const messages = {
  en: {
    applied: 'Pincode successfully applied!',
    required: 'Enter the pin code!',
    unknown: 'There is no such pin code. Check it and try again.',
    already: 'This pin code has already been applied.',
    invalidEmail: 'The e-mail is not valid.',
  },
  ru: {
    applied: 'Пин-код успешно применён!',
    required: 'Введите пин-код!',
    unknown: 'Такого пин-кода нет. Проверьте его и попробуйте снова.',
    already: 'Этот пин-код уже применён.',
    invalidEmail: 'Некорректный e-mail.',
  },
};

const normalize = (typed: string) => {
  const bare = typed.toUpperCase().replace(/[\s-]+/g, '');
  return bare.length === 12 ? (bare.match(/.{4}/g)?.join('-') ?? bare) : typed.trim().toUpperCase();
};

export function fakeVouchersApi(
  options: { vouchers?: Voucher[]; applicable?: ApplicableCode[]; now?: string } = {},
) {
  let vouchers = options.vouchers ?? [];
  const applicable = [...(options.applicable ?? [])];
  const now = options.now ?? '2026-04-01T09:30:00.000Z';
  const calls: Array<{ call: string; body: Body; path: string }> = [];
  let litresGained = 0;

  /** Answers a pin code call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const language = new Headers(init.headers).get('x-locale-id') === 'ru' ? 'ru' : 'en';
    const text = messages[language];
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const record = (call: string) => calls.push({ call, body, path });

    if (path === '/vouchers/fetchVoucherList') {
      record('list');
      return json({ output: vouchers, totalCount: vouchers.length });
    }
    if (path === '/shoppingCarts/applyPinCode') {
      record('apply');
      const typed = body.pinCode?.trim();
      if (!typed) return refusal(400, 'PIN_CODE_REQUIRED', text.required);
      const code = normalize(typed);
      if (vouchers.some((voucher) => voucher.code === code && voucher.redeemedAt))
        return refusal(409, 'PIN_CODE_ALREADY_APPLIED', text.already);
      const index = applicable.findIndex((candidate) => candidate.code === code);
      const found = applicable[index];
      if (!found) return refusal(400, 'PIN_CODE_UNKNOWN', text.unknown);
      applicable.splice(index, 1);
      const voucher = voucherFixture({
        id: `applied-${code}`,
        code,
        kind: found.kind ?? 'pin_code',
        grant: found.grant,
        productName: null,
        createdAt: now,
        redeemedAt: now,
        redeemedByViewer: true,
      });
      vouchers = [voucher, ...vouchers];
      if (found.grant.type === 'litres') litresGained += found.grant.litres;
      return json({ voucher, message: text.applied });
    }
    const match = /^\/vouchers\/([^/]+)\/send$/.exec(path);
    if (!match) return null;
    record('send');
    const voucher = vouchers.find((candidate) => candidate.id === decodeURIComponent(match[1] ?? ''));
    if (!voucher) return refusal(404, 'NOT_FOUND', 'Not found.');
    if (voucher.redeemedAt) return refusal(409, 'PIN_CODE_ALREADY_APPLIED', text.already);
    if (!body.email?.includes('@'))
      return json(
        {
          code: 'VALIDATION_ERROR',
          message: text.invalidEmail,
          details: { issues: [{ path: 'email', key: 'error_email_invalid', message: text.invalidEmail }] },
        },
        400,
      );
    const sent: Voucher = { ...voucher, recipientEmail: body.email };
    vouchers = vouchers.map((candidate) => (candidate.id === sent.id ? sent : candidate));
    return json(sent);
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call),
    /** The litres the applied codes have credited, for the store info's balance. */
    litresGained: () => litresGained,
  };
}
