import { describe, expect, it } from 'vitest';
import {
  localizedPath,
  offerPath,
  pathWithoutLanguage,
  paymentInfoPath,
  switchLanguageInPath,
  withModal,
} from './paths.ts';

describe('switchLanguageInPath', () => {
  it('replaces the language and keeps the path, query and hash', () => {
    expect(
      switchLanguageInPath(
        { pathname: '/en/products/catalog', search: '?search=cup&page=2', hash: '#top' },
        'ru',
      ),
    ).toBe('/ru/products/catalog?search=cup&page=2#top');
  });

  it('switches the root of a locale', () => {
    expect(switchLanguageInPath({ pathname: '/ru' }, 'en')).toBe('/en');
    expect(switchLanguageInPath({ pathname: '/ru/' }, 'en')).toBe('/en');
  });

  it('adds the language to a path that has none', () => {
    expect(switchLanguageInPath({ pathname: '/pricing', search: '?x=1' }, 'ru')).toBe('/ru/pricing?x=1');
  });
});

describe('paths', () => {
  it('puts paths under a language', () => {
    expect(localizedPath('ru', '/pricing')).toBe('/ru/pricing');
    expect(localizedPath('en', '')).toBe('/en');
    expect(pathWithoutLanguage('/en/user/orders')).toBe('/user/orders');
  });

  it('chooses the offer and payment pages by language', () => {
    expect(offerPath('ru')).toBe('/offer');
    expect(offerPath('en')).toBe('/terms-and-conditions');
    expect(paymentInfoPath('ru')).toBe('/payment-options');
    expect(paymentInfoPath('en')).toBe('/refund-policy');
  });

  it('adds a modal to the current address and keeps its query', () => {
    expect(withModal({ pathname: '/en/blog', search: '?page=2' }, 'login')).toBe(
      '/en/blog?page=2&modal=login',
    );
  });
});
