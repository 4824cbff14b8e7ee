import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { SearchBox } from './SearchBox.tsx';

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes to the catalogue with the search 1 s after the last keystroke, not before', () => {
    const { location } = renderInShell(<SearchBox />, { path: '/en/blog' });
    const input = screen.getByRole('searchbox', { name: 'Search the catalogue' });

    fireEvent.change(input, { target: { value: 'mu' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(input, { target: { value: 'mug cup' } });
    act(() => vi.advanceTimersByTime(999));
    expect(location()).toBe('/en/blog');

    act(() => vi.advanceTimersByTime(1));
    expect(location()).toBe('/en/products/catalog?search=mug+cup');
  });

  it('stays put for blank input', () => {
    const { location } = renderInShell(<SearchBox />, { path: '/en' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(2000));
    expect(location()).toBe('/en');
  });

  it('drops the search of the catalogue when emptied there, keeping its other choices', () => {
    const { location } = renderInShell(<SearchBox />, {
      path: '/en/products/catalog?search=lamp&page=2&sort=price+asc',
    });
    const input = screen.getByRole('searchbox', { name: 'Search the catalogue' });
    expect(input).toHaveValue('lamp');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe('/en/products/catalog?sort=price+asc');
  });

  it('searches at once on Enter, under the current language', () => {
    const { location } = renderInShell(<SearchBox />, { path: '/ru', language: 'ru' });
    const input = screen.getByRole('searchbox', { name: 'Поиск по каталогу' });
    fireEvent.change(input, { target: { value: 'кружка' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe(`/ru/products/catalog?search=${encodeURIComponent('кружка')}`);
    // The pending timer was cancelled: no second navigation.
    act(() => vi.advanceTimersByTime(2000));
    expect(location()).toBe(`/ru/products/catalog?search=${encodeURIComponent('кружка')}`);
  });
});
