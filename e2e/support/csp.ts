import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Every spec runs under the server's real Content-Security-Policy: a page that needs an inline
// script, a style the policy refuses or a source it does not list fails the test it happened in.
afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
