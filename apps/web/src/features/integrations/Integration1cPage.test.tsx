import type { Page } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFormsApi } from '../../shared/forms/fake-forms-api.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { Integration1cPage } from './Integration1cPage.tsx';

const page: Page = {
  id: 'integration-1c',
  slugifyId: 'integration-1c',
  slugifyName: 'background-removal-in-1c',
  typeId: 'store_pages_types.store_page',
  name: 'integration-1c',
  title: 'Background removal in 1C: an extension for Trade Management 11.4',
  preview: 'Shoot products with your camera straight from 1C.',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  primaryImage: null,
  htmlMetaTagItems: [],
  slugifyNames: { en: 'background-removal-in-1c', ru: 'udalenie-fona-v-1s' },
  content:
    '<h2 id="how-long-processing-takes">How long processing takes</h2>' +
    '<ul><li><strong>15–30 seconds for one photo</strong>: from the shutter to the item card.</li>' +
    '<li><strong>15–30 minutes for a shooting session</strong>: a small batch of products.</li></ul>',
};

/** The forms, and the store page unless `pageFails`: then a server error until the retry. */
function renderPage(options: { pageFails?: boolean } = {}) {
  let pageFails = options.pageFails ?? false;
  const forms = fakeFormsApi();
  const pageCalls: string[] = [];
  mockStoreApi((url, init) => {
    if (!url.endsWith('/pages/integration-1c/fetchPage')) return forms.handle(url, init);
    pageCalls.push(url);
    if (!pageFails) return jsonResponse(page);
    pageFails = false;
    return jsonResponse({ code: 'INTERNAL_ERROR', message: 'Something broke.' }, 500);
  });
  const view = renderInShell(<Integration1cPage />, { path: '/en/integration/1c' });
  return { ...view, pageCalls, user: userEvent.setup() };
}

describe('Integration1cPage', () => {
  it('presents the extension, renders the store page and ends with the request form', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Product photos on a white background, straight from 1C',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/An extension for 1C:Trade Management 11.4/)).toHaveTextContent(
      'Canon or Nikon camera',
    );
    expect(screen.getByRole('link', { name: /Request the extension/ })).toHaveAttribute(
      'href',
      '#extension-request',
    );
    expect(
      within(screen.getByRole('list', { name: 'How a photo gets into 1C' })).getAllByRole('listitem'),
    ).toHaveLength(3);

    const article = await screen.findByRole('article', { name: page.title });
    expect(within(article).getByRole('heading', { name: 'How long processing takes' })).toBeInTheDocument();
    expect(article).toHaveTextContent('15–30 seconds for one photo');
    expect(article).toHaveTextContent('15–30 minutes for a shooting session');
    await screen.findByRole('form', { name: 'Request the 1C extension' });

    const form = screen.getByRole('form', { name: 'Request the 1C extension' });
    expect(within(form).getByRole('heading', { level: 3, name: 'About your 1C' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Company' })).toBeInTheDocument();
    expect(within(form).getByRole('radiogroup', { name: 'Camera' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send the request' })).toBeInTheDocument();
  });

  it('offers a retry when the description fails to load, keeping the form', async () => {
    const { user, pageCalls } = renderPage({ pageFails: true });
    expect(await screen.findByText('The description could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Something broke.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Request the 1C extension' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: page.title })).toBeInTheDocument();
    expect(pageCalls).toHaveLength(2);
  });
});
