import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { AddressForm } from './AddressForm.tsx';
import { RecipientForm } from './RecipientForm.tsx';

describe('AddressForm', () => {
  it('refuses a postal code no post office writes, and sends a real one', async () => {
    const onSubmit = vi.fn();
    renderInShell(<AddressForm onSubmit={onSubmit} saving={false} />, { language: 'ru' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Москва');
    await user.type(screen.getByRole('combobox', { name: /Улица/ }), 'ул. Тверская');
    await user.type(screen.getByRole('textbox', { name: /Дом/ }), '7');
    const code = screen.getByRole('textbox', { name: 'Индекс' });
    await user.type(code, 'abc');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(
      await screen.findByText('Введите почтовый индекс, как его пишет почта, например 101000.'),
    ).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    // The refused field takes the focus, so that its message is read out.
    expect(code).toHaveFocus();

    await user.clear(code);
    expect(screen.queryByText(/Введите почтовый индекс/)).toBeNull();
    await user.type(code, '125009');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ postalCode: '125009', building: '7' }));
  });
});

describe('AddressForm in a chosen city', () => {
  it('holds the postal code to the city’s country: six digits in Russia, no letter O for a zero', async () => {
    mockApi({
      handler: (url) =>
        url.endsWith('/suggest/address/locale')
          ? jsonResponse({
              settlements: [
                {
                  id: 'ru-moskva',
                  name: 'Москва',
                  region: 'Москва',
                  country: 'Россия',
                  countryCode: 'RU',
                  latitude: 55.75,
                  longitude: 37.62,
                },
              ],
            })
          : jsonResponse({ suggestions: [] }),
    });
    const onSubmit = vi.fn();
    renderInShell(<AddressForm onSubmit={onSubmit} saving={false} />, { language: 'ru' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Моск');
    await user.click(await screen.findByRole('option', { name: /Москва/ }));
    await user.type(screen.getByRole('combobox', { name: /Улица/ }), 'ул. Тверская');
    await user.type(screen.getByRole('textbox', { name: /Дом/ }), '7');
    const code = screen.getByRole('textbox', { name: 'Индекс' });
    await user.type(code, '10100O');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(await screen.findByText(/Введите почтовый индекс/)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '101000');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ settlementId: 'ru-moskva', postalCode: '101000' }),
    );
  });
});

describe('RecipientForm', () => {
  it('takes the focus to the first refused field, and gives a number begun with 9 its +7', async () => {
    const onSubmit = vi.fn();
    renderInShell(<RecipientForm onSubmit={onSubmit} saving={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Anna Petrova');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '9161234567');
    expect(phone).toHaveValue('+7 (916) 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Anna Petrova',
      phoneNumber: '+79161234567',
      email: null,
    });
  });
});
