import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFormsApi } from '../../shared/forms/fake-forms-api.ts';
import { updateSession } from '../../shared/session/session.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { ContactsPage } from './ContactsPage.tsx';

function renderContacts(language: 'en' | 'ru' = 'en') {
  updateSession({ localeId: language });
  mockStoreApi(fakeFormsApi().handle);
  return renderInShell(<ContactsPage />, { path: `/${language}/contacts`, language });
}

describe('ContactsPage', () => {
  it('shows the seller’s details from the store info, the working hours and the contact form', async () => {
    renderContacts();
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'How to reach us' });
    expect(details).toHaveTextContent('Cutout');
    expect(details).toHaveTextContent('Cutout Ltd.');
    expect(details).toHaveTextContent('Tax ID: 7700000000');
    expect(within(details).getByRole('link', { name: 'support@cutout.example' })).toHaveAttribute(
      'href',
      'mailto:support@cutout.example',
    );
    expect(within(details).getByRole('link', { name: '+7 800 000-00-00' })).toHaveAttribute(
      'href',
      'tel:+78000000000',
    );
    expect(details).toHaveTextContent('1 Example Street, Moscow, Russia');
    expect(details).toHaveTextContent('Mon–Fri, 10:00–19:00 Moscow time');
    expect(screen.getByRole('link', { name: /Order an integration/ })).toHaveAttribute(
      'href',
      '/en/integration/order',
    );
    const form = await screen.findByRole('form', { name: 'Write to us' });
    expect(within(form).getByRole('combobox', { name: 'Theme' })).toHaveAttribute('aria-required', 'true');
  });

  it('speaks Russian', async () => {
    renderContacts('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Контакты' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Как с нами связаться' });
    expect(details).toHaveTextContent('ООО «Катаут»');
    expect(details).toHaveTextContent('Россия, Москва, ул. Примерная, 1');
    expect(details).toHaveTextContent('Пн–Пт, 10:00–19:00 по Москве');
    expect(await screen.findByRole('form', { name: 'Напишите нам' })).toBeInTheDocument();
  });
});
