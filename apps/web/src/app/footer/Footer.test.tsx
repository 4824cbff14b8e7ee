import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { Footer } from './Footer.tsx';

describe('Footer', () => {
  it('links the English terms and refund policy', () => {
    renderInShell(<Footer />, { language: 'en' });
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/en/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/en/refund-policy');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/en/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/en/cookies');
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/en/products/catalog');
    expect(screen.queryByRole('link', { name: 'Публичная оферта' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href="/en/offer"]')).toBeNull();
    expect(document.querySelector('a[href="/en/payment-options"]')).toBeNull();
  });

  it('links the Russian offer and payment options', () => {
    renderInShell(<Footer />, { language: 'ru', path: '/ru' });
    expect(screen.getByRole('link', { name: 'Публичная оферта' })).toHaveAttribute('href', '/ru/offer');
    expect(screen.getByRole('link', { name: 'Способы оплаты' })).toHaveAttribute(
      'href',
      '/ru/payment-options',
    );
    // A soft hyphen lets the long word break in half a phone's width.
    expect(screen.getByRole('link', { name: 'Политика конфиден\u00adциальности' })).toHaveAttribute(
      'href',
      '/ru/privacy-policy',
    );
    expect(document.querySelector('a[href="/ru/terms-and-conditions"]')).toBeNull();
    expect(document.querySelector('a[href="/ru/refund-policy"]')).toBeNull();
  });

  it("shows the seller's contact details and the copyright line", () => {
    renderInShell(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@cutout.example' })).toHaveAttribute(
      'href',
      'mailto:support@cutout.example',
    );
    expect(within(footer).getByRole('link', { name: '+7 800 000-00-00' })).toHaveAttribute(
      'href',
      'tel:+78000000000',
    );
    expect(footer).toHaveTextContent('Cutout Ltd.');
    expect(footer).toHaveTextContent('Tax ID: 7700000000');
    expect(footer).toHaveTextContent('1 Example Street, Moscow, Russia');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Cutout`);
  });
});
