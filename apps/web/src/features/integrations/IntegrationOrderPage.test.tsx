import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFormsApi } from '../../shared/forms/fake-forms-api.ts';
import { updateSession } from '../../shared/session/session.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { IntegrationOrderPage } from './IntegrationOrderPage.tsx';

function renderPage(language: 'en' | 'ru' = 'en') {
  updateSession({ localeId: language });
  mockStoreApi(fakeFormsApi().handle);
  return renderInShell(<IntegrationOrderPage />, { path: `/${language}/integration/order`, language });
}

describe('IntegrationOrderPage', () => {
  it('names what we integrate with, the three steps and the order form', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Background removal inside the systems you already use',
      }),
    ).toBeInTheDocument();
    const platforms = screen.getByRole('list', { name: 'What we integrate with' });
    expect(
      within(platforms)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['1C', '1C-Bitrix', 'WooCommerce', 'Shopify', 'Marketplaces', 'Your own system']);

    const steps = screen.getByRole('region', { name: 'From a request to a working integration' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['You describe the task', 'We estimate', 'We connect and support']);
    expect(screen.getByRole('link', { name: /Describe your task/ })).toHaveAttribute(
      'href',
      '#integration-request',
    );
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/en/integration/api',
    );

    const form = await screen.findByRole('form', { name: 'Order an integration' });
    expect(within(form).getByRole('group', { name: 'Where the photos are (required)' })).toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    renderPage('ru');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Удаление фона прямо в ваших системах' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1С-Битрикс')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Заказать интеграцию' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Где находятся фотографии (обязательно)' })).toBeInTheDocument();
  });
});
