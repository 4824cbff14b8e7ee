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
