import type { Page } from '@cutout/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const terms = (language: string): Page => ({
  id: 'terms',
  slugifyId: 'terms',
  slugifyName: language === 'ru' ? 'publichnaya-oferta' : 'terms-and-conditions',
  typeId: 'store_pages_types.store_page',
  name: language === 'ru' ? 'Публичная оферта' : 'Terms and conditions',
  title: language === 'ru' ? 'Публичная оферта' : 'Terms and conditions',
  preview: '',
  createdAt: '2026-11-25T09:00:00.000Z',
  // The edition's day, as the server sends it: midnight UTC.
  updatedAt: '2026-11-25T00:00:00.000Z',
  primaryImage: null,
  content:
    '<h2 id="section-1">1. Terms</h2><p>Cutout Ltd. sells litres.</p><h2 id="section-2">2. Litres</h2><p>One image.</p><h2 id="section-3">3. Refunds</h2><p>Within 14 days.</p>',
  htmlMetaTagItems: [],
  slugifyNames: { en: 'terms-and-conditions', ru: 'publichnaya-oferta' },
});

/** The pages API behind fetch: the terms page by id; any other id is not found. Records the ids asked for. */
function mockPages() {
  const asked: string[] = [];
  mockStoreApi((url, init) => {
    const match = url.match(/\/pages\/([^/]+)\/fetchPage$/);
    if (!match) return null;
    const id = decodeURIComponent(match[1] ?? '');
    asked.push(id);
    const language = new Headers(init.headers).get('x-locale-id') ?? 'en';
    return id === 'terms'
      ? Response.json(terms(language))
      : Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
  return asked;
}

describe('StorePage', () => {
  it('shows the page the route fixes, with its sections listed beside the text', async () => {
    const asked = mockPages();
    renderApp('/en/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    expect(asked).toEqual(['terms']);
    expect(screen.getByText('Cutout Ltd. sells litres.')).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: '3. Refunds' })).toHaveAttribute('href', '#section-3');
    expect(await screen.findByText(/Last updated on/)).toBeInTheDocument();
  });

  it('dates the page by its edition: the day the document states, in every language and time zone', async () => {
    // West of Greenwich midnight UTC is still the day before: the page must not say 24 November.
    vi.stubEnv('TZ', 'America/New_York');
    mockPages();
    const { router } = renderApp('/en/terms-and-conditions');
    expect(await screen.findByText('Last updated on Nov 25, 2026')).toBeVisible();
    await act(() => router.navigate('/ru/offer'));
    expect(await screen.findByText('Обновлено 25 нояб. 2026 г.')).toBeVisible();
  });

  it('follows a switch of language at once: the page comes in the new one, not the stored one', async () => {
    mockPages();
    const { router } = renderApp('/en/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await act(() => router.navigate('/ru/offer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Публичная оферта' })).toBeVisible();
    await act(() => router.navigate('/en/terms-and-conditions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  });

  it('shows the same page for the Russian offer route, in Russian', async () => {
    const asked = mockPages();
    renderApp('/ru/offer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Публичная оферта' })).toBeVisible();
    expect(asked).toEqual(['terms']);
    expect(screen.getByRole('navigation', { name: 'Содержание' })).toBeInTheDocument();
  });

  it('is the not-found page when the page is gone', async () => {
    mockPages();
    renderApp('/en/cookies');
    expect(await screen.findByRole('heading', { name: /page not found/i })).toBeVisible();
  });
});
