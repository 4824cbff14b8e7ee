import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi } from '../../test/store-api.ts';
import { fakeFormsApi } from './fake-forms-api.ts';
import { MobileAppTeaser } from './MobileAppTeaser.tsx';

describe('MobileAppTeaser', () => {
  it('shows the coming-soon badges, the phone and the notify-me form on the main page', async () => {
    const api = fakeFormsApi();
    mockStoreApi(api.handle);
    renderInShell(<MobileAppTeaser variant="section" />);
    const region = screen.getByRole('region', { name: 'Mobile app' });
    expect(within(region).getByRole('img', { name: /A phone photographing a product/ })).toBeInTheDocument();
    const badges = within(region).getByRole('list', { name: 'Where the app will be' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['Coming soon:App Store', 'Coming soon:Google Play']);
    expect(within(badges).queryByRole('link')).not.toBeInTheDocument();
    expect(
      await within(region).findByRole('form', { name: 'The mobile app is coming soon' }),
    ).toBeInTheDocument();
  });

  it('takes an e-mail in the footer and says it will write', async () => {
    const api = fakeFormsApi();
    mockStoreApi(api.handle);
    const user = userEvent.setup();
    renderInShell(<MobileAppTeaser variant="compact" />, { path: '/en/pricing' });
    const region = screen.getByRole('region', { name: 'Mobile app' });
    const form = await within(region).findByRole('form', { name: 'The mobile app is coming soon' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    await user.click(within(form).getByRole('radio', { name: 'Android' }));
    await user.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(region).findByRole('heading', { name: 'We will let you know' })).toBeInTheDocument();
    expect(api.answers()[0]?.fieldItemList).toEqual([
      { fieldId: 'email', value: 'anna@example.com' },
      { fieldId: 'platform', value: 'android' },
      { fieldId: 'source', value: '/en/pricing' },
    ]);
  });
});
