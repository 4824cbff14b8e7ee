import { render } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../storage/local-storage.ts';
import type { Analytics } from './analytics.ts';
import { noAnalytics } from './analytics.ts';
import { AnalyticsProvider, PageViewReporter } from './analytics-context.tsx';
import { createAnalytics, metrikaScriptUrl } from './yandex-metrika.ts';

const metrikaScripts = () => document.querySelectorAll(`script[src="${metrikaScriptUrl}"]`);

afterEach(() => {
  for (const script of metrikaScripts()) script.remove();
  delete window.ym;
  localStorage.clear();
});

describe('analytics', () => {
  it('is off without a counter: no script, no calls', () => {
    const analytics = createAnalytics({ analyticsCounterId: null });
    expect(analytics).toBe(noAnalytics);
    analytics.hit('/en');
    expect(metrikaScripts()).toHaveLength(0);
    expect(window.ym).toBeUndefined();
  });

  it('loads nothing and sends nothing until the visitor accepts cookies', () => {
    const analytics = createAnalytics({ analyticsCounterId: '12345' });
    analytics.hit('/en/pricing', { title: 'Pricing' });
    analytics.reachGoal('img_upload');
    expect(metrikaScripts()).toHaveLength(0);
    expect(window.ym).toBeUndefined();
  });

  it('loads the Yandex Metrika tag once, after consent, and queues hits and goals for the counter', () => {
    const analytics = createAnalytics({ analyticsCounterId: '12345' });
    analytics.hit('/en', { title: 'Before consent' });
    localStorage.setItem(storageKeys.cookieAccepted, 'true');
    const other = createAnalytics({ analyticsCounterId: '12345' });
    other.hit('/en/other');
    expect(metrikaScripts()).toHaveLength(1);

    analytics.hit('/en/pricing', { title: 'Pricing' });
    analytics.reachGoal('img_upload');
    const calls = window.ym?.a ?? [];
    expect(calls[0]).toEqual([12345, 'init', expect.objectContaining({ defer: true })]);
    expect(calls).toContainEqual([12345, 'hit', '/en/pricing', { title: 'Pricing' }]);
    expect(calls).toContainEqual([12345, 'reachGoal', 'img_upload']);
    expect(calls).not.toContainEqual([12345, 'hit', '/en', { title: 'Before consent' }]);
  });

  it('reports a page view on every navigation', async () => {
    const hit = vi.fn();
    const analytics: Analytics = { hit, reachGoal: vi.fn() };
    const router = createMemoryRouter([{ path: '*', element: <PageViewReporter /> }], {
      initialEntries: ['/en'],
    });
    render(
      <AnalyticsProvider analytics={analytics}>
        <RouterProvider router={router} />
      </AnalyticsProvider>,
    );
    expect(hit).toHaveBeenCalledTimes(1);
    expect(hit).toHaveBeenLastCalledWith('/en', expect.any(Object));

    await act(() => router.navigate('/en/pricing?plan=year'));
    expect(hit).toHaveBeenCalledTimes(2);
    expect(hit).toHaveBeenLastCalledWith(
      '/en/pricing?plan=year',
      expect.objectContaining({ referer: expect.stringMatching(/\/en$/) }),
    );
  });
});
