import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { takeHandedOffFiles } from '../../shared/upload/file-hand-off.ts';
import { renderInShell } from '../../test/render.tsx';
import { MainPage } from './MainPage.tsx';

describe('MainPage', () => {
  it('presents the offer, the three steps and the audiences', () => {
    renderInShell(<MainPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: /Remove the background from any photo/ }),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Three steps to a clean cut-out' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Select an image',
      'Send it to processing',
      'Download the result',
    ]);
    const audience = screen.getByRole('region', { name: 'Made for people who work with images' });
    for (const name of ['E-commerce sellers', 'Marketers', 'Developers', 'Photographers']) {
      expect(within(audience).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: /cut out on a transparent background/ })).toBeInTheDocument();
  });

  it('teases pricing and the API', () => {
    renderInShell(<MainPage />);
    const pricing = screen.getByRole('region', { name: 'Start free, pay only for results' });
    expect(pricing).toHaveTextContent('free litres every month');
    expect(within(pricing).getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/en/pricing');
    const api = screen.getByRole('region', { name: 'A REST API for your pipeline' });
    expect(api).toHaveTextContent('X-Api-Key: $CUTOUT_API_KEY');
    expect(api).toHaveTextContent('/api/v1/removebg');
    expect(within(api).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/en/integration/api',
    );
  });

  it('speaks Russian with Russian plurals', () => {
    renderInShell(<MainPage />, { language: 'ru', path: '/ru' });
    expect(screen.getByRole('heading', { level: 1, name: /Удалите фон с любого фото/ })).toBeInTheDocument();
    expect(screen.getByText('5 бесплатных литров в месяц')).toBeInTheDocument();
  });

  it('leads picked images from the upload area to the remove-background screen', async () => {
    const user = userEvent.setup();
    const { location } = renderInShell(<MainPage />);
    const button = screen.getByRole('button', { name: /Upload an image/ });
    const input = screen.getByLabelText('Images to upload');
    const picker = vi.spyOn(input, 'click');
    await user.click(button);
    expect(picker).toHaveBeenCalledOnce();
    expect(location()).toBe('/en');

    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
    ];
    await user.upload(input, files);
    expect(location()).toBe('/en/remove-background');
    expect(takeHandedOffFiles()).toEqual(files);
  });

  it('leads dropped files there too', () => {
    const { location } = renderInShell(<MainPage />, { language: 'ru', path: '/ru' });
    const zone = screen.getByRole('button', { name: /Загрузить изображение/ });
    fireEvent.dragOver(zone);
    expect(zone).toHaveTextContent('Отпустите, чтобы начать');
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(location()).toBe('/ru/remove-background');
    expect(takeHandedOffFiles()).toEqual([file]);
  });
});
