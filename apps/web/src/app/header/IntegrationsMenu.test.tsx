import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { IntegrationsMenu } from './IntegrationsMenu.tsx';

describe('IntegrationsMenu', () => {
  it('offers the 1C extension in Russian', async () => {
    const user = userEvent.setup();
    renderInShell(<IntegrationsMenu />, { language: 'ru', path: '/ru' });
    await user.click(screen.getByRole('button', { name: 'Интеграции' }));
    expect(await screen.findByRole('menuitem', { name: '1С' })).toHaveAttribute('href', '/ru/integration/1c');
    expect(screen.getByRole('menuitem', { name: 'Документация API' })).toHaveAttribute(
      'href',
      '/ru/integration/api',
    );
    expect(screen.getByRole('menuitem', { name: 'Заказать интеграцию' })).toHaveAttribute(
      'href',
      '/ru/integration/order',
    );
  });

  it('leaves the 1C extension out in English', async () => {
    const user = userEvent.setup();
    renderInShell(<IntegrationsMenu />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Integrations' }));
    expect(await screen.findByRole('menuitem', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/en/integration/api',
    );
    expect(screen.getByRole('menuitem', { name: 'Order an integration' })).toHaveAttribute(
      'href',
      '/en/integration/order',
    );
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
    expect(document.querySelector('a[href$="/integration/1c"]')).toBeNull();
  });
});
