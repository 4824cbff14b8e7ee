/** Goals reported to the analytics counter (SPEC §7.7). */
export type AnalyticsGoal = 'sign_up' | 'img_upload';

/** A page-view analytics counter. */
export interface Analytics {
  /** Reports a page view of `url` (path and query). */
  hit(url: string, options?: { title?: string; referer?: string }): void;
  reachGoal(goal: AnalyticsGoal): void;
}

/** Analytics switched off: no script, no network. */
export const noAnalytics: Analytics = {
  hit: () => undefined,
  reachGoal: () => undefined,
};

/**
 * Analytics that wait for consent: nothing is loaded or sent until `consented()` says yes (the
 * cookie bar was accepted); from then on the counter is created once and every call goes to it.
 * What happened before the consent is not reported.
 */
export function afterConsent(create: () => Analytics, consented: () => boolean): Analytics {
  let counter: Analytics | null = null;
  const current = () => {
    if (!counter && consented()) counter = create();
    return counter ?? noAnalytics;
  };
  return {
    hit: (url, options) => current().hit(url, options),
    reachGoal: (goal) => current().reachGoal(goal),
  };
}
