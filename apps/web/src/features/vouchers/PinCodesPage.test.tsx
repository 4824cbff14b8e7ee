import type { StoreInfo, Voucher } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { litreBalance } from '../../shared/store-info/store-info.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { mockStoreApi, signIn } from '../../test/store-api.ts';
import { dateAsRead } from '../../test/text.ts';
import { userFixture } from '../../test/users-api.ts';
import { type ApplicableCode, fakeVouchersApi, voucherFixture } from './fake-vouchers-api.ts';

const appliedAt = '2026-03-20T08:00:00.000Z';
const boughtAt = '2026-03-12T10:00:00.000Z';

/** A bought pin code nobody used, a bought gift card someone applied, and a code the viewer applied. */
const threeCodes = [
  voucherFixture({ id: 'v-unused', code: 'AAAA-BBBB-CCCC', createdAt: boughtAt }),
  voucherFixture({
    id: 'v-applied',
    kind: 'gift_card',
    code: 'DDDD-EEEE-FFFF',
    grant: { type: 'litres', litres: 100 },
    productName: 'Gift card: 100 litres',
    recipientEmail: 'bob@example.com',
    redeemedAt: appliedAt,
  }),
  voucherFixture({
    id: 'v-mine',
    code: 'GGGG-HHHH-JJJJ',
    grant: { type: 'money', amount: 50_000, currency: 'RUB' },
    productName: null,
    redeemedAt: appliedAt,
    redeemedByViewer: true,
  }),
];

const giftCard = voucherFixture({
  id: 'v-gift',
  kind: 'gift_card',
  code: 'KKKK-MMMM-NNNN',
  grant: { type: 'litres', litres: 100 },
  productName: 'Gift card: 100 litres',
});

/**
 * The pin code calls over in-memory codes; store info with the user whose balance grows by the
 * litres of each applied code, as the server's does.
 */
function mockPinCodes(options: { vouchers?: Voucher[]; applicable?: ApplicableCode[] } = {}) {
  const api = fakeVouchersApi(options);
  let storeInfoCalls = 0;
  const fetchMock = mockStoreApi((url, init) => {
    if (!url.endsWith('/api/stores/fetchStoreInfo')) return api.handle(url, init);
    storeInfoCalls += 1;
    const headers = new Headers(init.headers);
    const info = storeInfoFixture({ language: headers.get('x-locale-id') === 'ru' ? 'ru' : 'en' });
    const gained = api.litresGained();
    return jsonResponse({
      ...info,
      user: headers.get('Authorization') ? userFixture() : null,
      partnerActions: [...info.partnerActions, ...(gained ? [{ id: 'code', quantity: gained }] : [])],
    } satisfies StoreInfo);
  });
  return { ...api, fetchMock, storeInfoCalls: () => storeInfoCalls };
}

function openPage(path = '/en/user/pincodes') {
  signIn();
  const view = renderApp(path);
  return { ...view, user: userEvent.setup() };
}

const list = () => screen.findByRole('list', { name: 'Your codes' });
const card = (name: string) => screen.findByRole('article', { name });
/** A date as the matchers read the page: its non-breaking spaces as spaces. */

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PinCodesPage', () => {
  it('asks for the code on the client before calling the server', async () => {
    const api = mockPinCodes();
    const { user } = openPage();
    const field = await screen.findByRole('textbox', { name: 'Pin code' });
    expect(field).toHaveAttribute('placeholder', 'XXXX-XXXX-XXXX');
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the pin code!');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('apply')).toEqual([]);
  });

  it('applies a code: toast, cleared field, what it gave, the list and the balance refetched', async () => {
    const api = mockPinCodes({
      applicable: [{ code: 'PQRS-TUVW-XYZ2', grant: { type: 'litres', litres: 20 } }],
    });
    const { user, queryClient } = openPage();
    expect(await screen.findByRole('heading', { name: 'No codes yet' })).toBeInTheDocument();
    const listCalls = api.callsTo('list').length;
    const storeInfoCalls = api.storeInfoCalls();

    const field = screen.getByRole('textbox', { name: 'Pin code' });
    await user.type(field, 'pqrs tuvw xyz2');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Pincode successfully applied!')).toBeInTheDocument();
    expect(api.callsTo('apply')[0]?.body).toEqual({ pinCode: 'pqrs tuvw xyz2' });
    expect(field).toHaveValue('');
    const notice = screen.getByText('Code PQRS-TUVW-XYZ2 applied').closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('+20 litres');

    const applied = await card('Pin code PQRS-TUVW-XYZ2');
    expect(applied).toHaveTextContent(`Applied by you on ${dateAsRead('2026-04-01T09:30:00.000Z')}`);
    expect(api.callsTo('list').length).toBeGreaterThan(listCalls);
    await waitFor(() => expect(api.storeInfoCalls()).toBeGreaterThan(storeInfoCalls));
    // The header's balance: the store info the shell shows now (the active query).
    await waitFor(() => {
      const [active] = queryClient.getQueryCache().findAll({ queryKey: ['storeInfo'], type: 'active' });
      const info = active?.state.data as StoreInfo | undefined;
      expect(info && litreBalance(info)).toBe(7 + 20);
    });
  });

  it('shows a refusal of the server under the field and keeps what was typed', async () => {
    mockPinCodes();
    const { user } = openPage();
    const field = await screen.findByRole('textbox', { name: 'Pin code' });
    await user.type(field, 'WRNG-CODE-0000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such pin code. Check it and try again.',
    );
    expect(field).toHaveValue('WRNG-CODE-0000');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'X');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Russian: the refusal, the empty field and the litres in plural forms', async () => {
    mockPinCodes({
      vouchers: [
        voucherFixture({ id: 'v-1', code: 'AAAA-AAAA-AAAA', grant: { type: 'litres', litres: 1 } }),
        voucherFixture({ id: 'v-3', code: 'BBBB-BBBB-BBBB', grant: { type: 'litres', litres: 3 } }),
        voucherFixture({
          id: 'v-20',
          kind: 'gift_card',
          code: 'CCCC-CCCC-CCCC',
          grant: { type: 'litres', litres: 20 },
          redeemedAt: appliedAt,
        }),
        voucherFixture({
          id: 'v-plan',
          code: 'DDDD-DDDD-DDDD',
          grant: {
            type: 'plan',
            planName: 'Тариф: 40 изображений в месяц',
            validityPeriodId: 'validity_periods.month',
          },
          redeemedAt: appliedAt,
          redeemedByViewer: true,
        }),
      ],
    });
    const { user } = openPage('/ru/user/pincodes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Пин-коды' })).toBeInTheDocument();
    await within(await screen.findByRole('list', { name: 'Ваши коды' })).findAllByRole('article');
    expect(screen.getByText('4 кода')).toBeInTheDocument();
    expect(await card('Пин-код AAAA-AAAA-AAAA')).toHaveTextContent('1 литр');
    expect(await card('Пин-код BBBB-BBBB-BBBB')).toHaveTextContent('3 литра');
    const gift = await card('Подарочная карта CCCC-CCCC-CCCC');
    expect(gift).toHaveTextContent('20 литров');
    expect(gift).toHaveTextContent(`Применён ${dateAsRead(appliedAt, 'ru')}`);
    const plan = await card('Пин-код DDDD-DDDD-DDDD');
    expect(plan).toHaveTextContent('Тариф: 40 изображений в месяц на месяц');
    expect(plan).toHaveTextContent(`Применён вами ${dateAsRead(appliedAt, 'ru')}`);
    expect(screen.getAllByText('Ещё не использован')).toHaveLength(2);

    const field = screen.getByRole('textbox', { name: 'Пин-код' });
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите пин-код!');
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Такого пин-кода нет. Проверьте его и попробуйте снова.',
    );
    expect(field).toHaveValue('NOPE');
  });

  it('lists the codes with what they give, their status and a copy button', async () => {
    mockPinCodes({ vouchers: threeCodes });
    const { user } = openPage();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(screen.getByText('3 codes')).toBeInTheDocument();

    const unused = await card('Pin code AAAA-BBBB-CCCC');
    expect(unused).toHaveTextContent('Not used yet');
    expect(unused).toHaveTextContent('20 litres');
    expect(unused).toHaveTextContent('Pin code: 20 litres');
    expect(unused).toHaveTextContent(dateAsRead(boughtAt));
    expect(within(unused).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();

    const applied = await card('Gift card DDDD-EEEE-FFFF');
    expect(applied).toHaveTextContent(`Applied on ${dateAsRead(appliedAt)}`);
    expect(applied).toHaveTextContent('100 litres');
    expect(within(applied).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();

    const mine = await card('Pin code GGGG-HHHH-JJJJ');
    const money = formatPrice(500, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' ');
    expect(mine).toHaveTextContent(`${money} on your personal account`);
    expect(mine).toHaveTextContent(`Applied by you on ${dateAsRead(appliedAt)}`);

    await user.click(within(unused).getByRole('button', { name: 'Copy the code' }));
    expect(await navigator.clipboard.readText()).toBe('AAAA-BBBB-CCCC');
    expect(within(unused).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows a gift card cancelled by its order’s refund, with nothing left to send', async () => {
    mockPinCodes({ vouchers: [{ ...giftCard, voidedAt: appliedAt }] });
    openPage();
    const gift = await card('Gift card KKKK-MMMM-NNNN');
    expect(gift).toHaveTextContent(`Cancelled on ${dateAsRead(appliedAt)}: its order was refunded`);
    expect(within(gift).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('sends a gift card: the modal, a refusal of the server, then the card shows where it went', async () => {
    const api = mockPinCodes({ vouchers: [giftCard] });
    const { user } = openPage();
    const gift = await card('Gift card KKKK-MMMM-NNNN');
    expect(gift).toHaveTextContent('Not used yet');
    await user.click(within(gift).getByRole('button', { name: 'Send as a gift' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send the gift card' });
    expect(dialog).toHaveTextContent('We e-mail the code KKKK-MMMM-NNNN (100 litres)');
    expect(within(dialog).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in the e-mail.');
    expect(api.callsTo('send')).toEqual([]);

    const email = within(dialog).getByRole('textbox', { name: 'Recipient’s e-mail' });
    await user.type(email, 'friend.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The e-mail is not valid.');
    expect(email).toHaveValue('friend.example.com');

    await user.clear(email);
    await user.type(email, 'friend@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Русский' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Sent to friend@example.com', { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    expect(api.callsTo('send').at(-1)).toMatchObject({
      path: '/vouchers/v-gift/send',
      body: { email: 'friend@example.com', language: 'ru' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gift).toHaveTextContent('Sent to friend@example.com');
    expect(within(gift).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('offers the catalogue and the plans when there are no codes', async () => {
    mockPinCodes();
    openPage();
    expect(await screen.findByRole('heading', { name: 'No codes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gift cards and pin codes' })).toHaveAttribute(
      'href',
      '/en/products/catalog/gift-cards',
    );
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/en/pricing');
  });

  it('shows a list error with a retry', async () => {
    let fail = true;
    const api = fakeVouchersApi({ vouchers: threeCodes });
    mockStoreApi((url, init) =>
      fail && url.endsWith('/vouchers/fetchVoucherList')
        ? jsonResponse({ code: 'INTERNAL_ERROR', message: 'Something broke.' }, 500)
        : api.handle(url, init),
    );
    const { user } = openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your codes could not be loaded.');
    expect(alert).toHaveTextContent('Something broke.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('article')).toHaveLength(3);
  });

  it('asks a visitor to log in and asks the server for nothing', async () => {
    const api = mockPinCodes({ vouchers: threeCodes });
    renderApp('/en/user/pincodes');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(
      screen.getByText('Log in to apply a pin code and see the codes you bought.', { ignore: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pin codes', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Pin code' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
