import { storageKeys } from '@cutout/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noAnalytics } from '../../shared/analytics/analytics.ts';
import { reloadSession } from '../../shared/session/session.ts';
import { handOffFiles } from '../../shared/upload/file-hand-off.ts';
import { recordDownloads } from '../../test/browser-exits.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { userFixture } from '../../test/users-api.ts';
import { imageQueue } from './use-image-queue.ts';

const sizeLimit = 'previewWidth=625,previewHeight=400,fullWidth=6250,fullHeight=6250';

function imageResponse(size: string) {
  const full = size === 'full';
  // Bytes, not a jsdom Blob: the Response here is Node's.
  return new Response(new TextEncoder().encode('png-bytes'), {
    headers: {
      'Content-Type': 'image/png',
      'X-Action-Cost': full ? '1' : '0',
      'X-Size-Limit': sizeLimit,
      'X-Width': full ? '1200' : '600',
      'X-Height': full ? '800' : '400',
    },
  });
}

type ExecuteHandler = (form: FormData) => Response | Promise<Response>;

/** The store API with a litre balance that the full-size calls spend, and the execute call. */
function mockRemovalApi(
  execute: ExecuteHandler = (form) => imageResponse(String(form.get('size'))),
  litres = 7,
) {
  let balance = litres;
  const calls: FormData[] = [];
  const fetchMock = mockApi({
    handler: async (url, init) => {
      const headers = new Headers(init.headers);
      if (url.endsWith('/api/stores/fetchStoreInfo')) {
        const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
        return jsonResponse({
          ...storeInfoFixture({ language }),
          partnerActions: [{ id: 'balance', quantity: balance }],
          user: headers.get('Authorization') ? userFixture() : null,
        });
      }
      if (url.endsWith('/api/stores/actions/remove-background/execute')) {
        const form = init.body as FormData;
        calls.push(form);
        const response = await execute(form);
        if (response.ok) balance -= Number(response.headers.get('X-Action-Cost') ?? 0);
        return response;
      }
      // A signed-in user's locale and currency are told to the server.
      if (url.includes('/api/stores/users/')) return jsonResponse({ result: true });
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { fetchMock, calls, sizes: () => calls.map((form) => form.get('size')) };
}

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

const photo = (name = 'photo.png') => new File(['png'], name, { type: 'image/png' });

async function openWithImage(path = '/en/remove-background') {
  const view = renderApp(path);
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText('Images to process'), photo());
  await screen.findByRole('img', { name: 'photo.png without the background' });
  return { ...view, user };
}

async function balanceInMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Account' }));
  const item = await screen.findByRole('menuitem', { name: /^Balance: / });
  const label = item.getAttribute('aria-label');
  await user.keyboard('{Escape}');
  return label;
}

let downloads: string[] = [];
beforeEach(() => {
  imageQueue.clear();
  downloads = recordDownloads();
});
// The page is unmounted before the queue it shows is emptied: emptied under a mounted page, the
// queue would re-render it outside act().
afterEach(() => {
  cleanup();
  imageQueue.clear();
});

describe('RemoveBackgroundPage', () => {
  it('makes a free preview of a picked image at once and shows it before and after', async () => {
    const api = mockRemovalApi();
    const reachGoal = vi.spyOn(noAnalytics, 'reachGoal');
    const { user } = await openWithImage();

    expect(api.sizes()).toEqual(['preview']);
    expect(api.calls[0]?.get('image_file')).toMatchObject({ name: 'photo.png' });
    expect(reachGoal).toHaveBeenCalledWith('img_upload');
    expect(screen.getByRole('slider', { name: 'Compare before and after' })).toHaveAttribute(
      'aria-valuetext',
      'Before 50%, after 50%',
    );
    const viewer = screen.getByRole('region', { name: 'Result' });
    expect(viewer).toHaveTextContent('Preview · 600 × 400 px');
    expect(
      within(screen.getByRole('region', { name: 'Your images' })).getByRole('button', {
        name: 'photo.png — ready',
      }),
    ).toBeInTheDocument();

    // The preview is free: no charge, and its download makes no new call.
    expect(await balanceInMenu(user)).toBe('Balance: 7 L — buy litres');
    await user.click(within(viewer).getByRole('button', { name: /Download preview/ }));
    expect(downloads).toEqual(['photo-no-bg-preview.png']);
    expect(api.calls).toHaveLength(1);
  });

  it('opens the sign-up for a visitor who wants the full size (SPEC §8.1) and sends nothing', async () => {
    const api = mockRemovalApi();
    const { user, router } = await openWithImage();
    await user.click(screen.getByRole('radio', { name: /Full size/ }));
    await user.click(screen.getByRole('button', { name: /Download full size/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Sign up to download the full-size image: confirm your e-mail or phone and get 5 free litres a month.',
    );
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?modal=registration');
    expect(api.sizes()).not.toContain('full');
    expect(downloads).toEqual([]);
  });

  it('charges a signed-in user one litre for the full size, shows it in the balance and reuses the file', async () => {
    signIn();
    const api = mockRemovalApi();
    const { user } = await openWithImage();
    expect(await balanceInMenu(user)).toBe('Balance: 7 L — buy litres');

    await user.click(screen.getByRole('radio', { name: /Full size/ }));
    await user.click(screen.getByRole('button', { name: /Download full size/ }));
    await waitFor(() => expect(downloads).toContain('photo-no-bg.png'));
    expect(api.sizes()).toEqual(['preview', 'full']);
    await waitFor(async () => expect(await balanceInMenu(user)).toBe('Balance: 6 L — buy litres'));
    expect(screen.getByRole('region', { name: 'Result' })).toHaveTextContent('Full size · 1200 × 800 px');

    // Made already for these options: downloaded again without a call.
    await user.click(screen.getByRole('button', { name: /Download full size/ }));
    expect(downloads).toHaveLength(2);
    expect(api.calls).toHaveLength(2);
  });

  it("tells the full size an uncropped result will have before it is made, from the original's own size", async () => {
    mockRemovalApi();
    const { user, container } = await openWithImage();
    await user.click(screen.getByRole('radio', { name: /Full size/ }));
    const viewer = screen.getByRole('region', { name: 'Result' });
    // Until the browser has read the original, only the limit is known.
    expect(viewer).toHaveTextContent('Full size · up to 6250 × 6250 px');

    const original = container.querySelector<HTMLImageElement>('img[aria-hidden="true"]');
    if (!original) throw new Error('no original under the slider');
    Object.defineProperty(original, 'naturalWidth', { value: 8000 });
    Object.defineProperty(original, 'naturalHeight', { value: 4000 });
    fireEvent.load(original);
    // 8000 × 4000 fitted into 6250 × 6250; a small photo would keep its own size.
    expect(viewer).toHaveTextContent('Full size · 6250 × 3125 px');

    // A crop's size depends on the subject: only the limit again.
    await user.click(screen.getByRole('switch', { name: /Crop/ }));
    expect(viewer).toHaveTextContent('Full size · up to 6250 × 6250 px');
  });

  it('says beside the button, before any click, that no litres are left for a full size', async () => {
    signIn();
    mockRemovalApi(undefined, 0);
    const { user } = await openWithImage();
    const viewer = screen.getByRole('region', { name: 'Result' });
    expect(within(viewer).queryByText('No litres left for a full size.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Full size/ }));
    expect(await within(viewer).findByText(/No litres left for a full size\./)).toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Buy litres' })).toHaveAttribute('href', '/en/pricing');
  });

  it('offers to buy litres when the balance is not enough', async () => {
    signIn();
    mockRemovalApi((form) =>
      form.get('size') === 'full'
        ? jsonResponse({ code: 'INSUFFICIENT_BALANCE', message: 'Not enough litres.' }, 402)
        : imageResponse('preview'),
    );
    const { user, router } = await openWithImage();
    await user.click(screen.getByRole('radio', { name: /Full size/ }));
    await user.click(screen.getByRole('button', { name: /Download full size/ }));

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const toast = await within(notifications).findByRole('alert');
    expect(toast).toHaveTextContent('Not enough litres on your balance for a full-size image.');
    // The image itself is fine: no error on it.
    expect(
      within(screen.getByRole('region', { name: 'Result' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Buy litres' }));
    // The pricing page is loaded lazily: the navigation ends once its code has arrived.
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/pricing'));
    expect(downloads).toEqual([]);
  });

  it('marks an image the server cannot read as invalid input, with the reason', async () => {
    mockRemovalApi(() =>
      jsonResponse(
        { code: 'ACTION_FAILED', message: 'The image could not be processed.', details: { errorCode: 113 } },
        400,
      ),
    );
    renderApp('/en/remove-background');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Images to process'), photo('broken.png'));

    const viewer = await screen.findByRole('region', { name: 'Result' });
    const alert = await within(viewer).findByRole('alert');
    expect(alert).toHaveTextContent('This image cannot be processed.');
    expect(alert).toHaveTextContent('Invalid image: only JPG, PNG, WEBP and AVIF pictures can be processed.');
    expect(within(viewer).getByRole('button', { name: /Download preview/ })).toBeDisabled();
    const thumbnail = within(screen.getByRole('region', { name: 'Your images' })).getByRole('button', {
      name: 'broken.png — error',
    });
    expect(thumbnail).toHaveAttribute('data-invalid', 'true');
  });

  it('shows a download failure of a URL in Russian on the item', async () => {
    mockRemovalApi(() =>
      jsonResponse(
        { code: 'ACTION_FAILED', message: 'x', details: { errorCode: 107, value: 'HTTP 404' } },
        400,
      ),
    );
    renderApp('/ru/remove-background');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Или обработайте изображение по ссылке' }),
      'https://example.com/cat.jpg',
    );
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const viewer = await screen.findByRole('region', { name: 'Результат' });
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить изображение, причина: HTTP 404',
    );
  });

  it('refuses an empty link with the message of SPEC §5, in both languages', async () => {
    const api = mockRemovalApi();
    const { unmount } = renderApp('/en/remove-background');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'To remove the background, you need to upload the url of the image',
    );
    expect(screen.getByRole('textbox', { name: 'Or process an image by its link' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    unmount();

    renderApp('/ru/remove-background');
    await user.click(await screen.findByRole('button', { name: 'Добавить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Чтобы удалить фон, укажите ссылку на изображение');
    expect(api.calls).toHaveLength(0);
  });

  it('sends crop_margin only while crop is on and a margin is set, re-making the preview', async () => {
    const api = mockRemovalApi();
    const { user } = await openWithImage();
    expect(api.calls[0]?.get('crop')).toBe('false');
    expect(api.calls[0]?.has('crop_margin')).toBe(false);

    await user.click(screen.getByRole('switch', { name: /Crop to the subject/ }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.get('crop')).toBe('true');
    expect(api.calls[1]?.has('crop_margin')).toBe(false);

    await user.type(screen.getByRole('spinbutton', { name: 'Top' }), '10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Left margin unit' }), '%');
    await user.type(screen.getByRole('spinbutton', { name: 'Left' }), '5');
    await waitFor(() => expect(api.calls.at(-1)?.get('crop_margin')).toBe('10px 0px 0px 5%'));

    // Crop off again: the first preview fits these options and is reused; a new format is sent
    // without crop_margin although the margins are still filled in.
    await user.click(screen.getByRole('switch', { name: /Crop to the subject/ }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const sent = api.calls.length;
    await user.click(screen.getByRole('radio', { name: 'WEBP' }));
    await waitFor(() => expect(api.calls).toHaveLength(sent + 1));
    expect(api.calls.at(-1)?.get('crop')).toBe('false');
    expect(api.calls.at(-1)?.get('format')).toBe('webp');
    expect(api.calls.at(-1)?.has('crop_margin')).toBe(false);
    expect(api.calls.filter((form) => form.get('crop') === 'true' && !form.has('crop_margin'))).toHaveLength(
      1,
    );
  });

  it('queues images pasted with Ctrl+V and those handed over by the main page', async () => {
    const api = mockRemovalApi();
    handOffFiles([photo('from-main.png')]);
    renderApp('/en/remove-background');
    await screen.findByRole('button', { name: /^from-main\.png/ });

    const pasted = new File(['jpg'], 'pasted.jpg', { type: 'image/jpeg' });
    act(() => {
      fireEvent.paste(document, { clipboardData: { files: [pasted], types: ['Files'] } });
    });
    await screen.findByRole('button', { name: /^pasted\.jpg/ });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((form) => (form.get('image_file') as File | null)?.name).sort()).toEqual([
      'from-main.png',
      'pasted.jpg',
    ]);
  });
});
