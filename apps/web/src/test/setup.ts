import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetErrorReports } from '../shared/api/error-reports.ts';
import { i18n, initI18n } from '../shared/i18n/i18n.ts';
import { reloadSession } from '../shared/session/session.ts';

initI18n('en');

// A page is loaded lazily, and a file's first test loads it cold: on a slow or busy two-core machine
// that alone can pass Testing Library's default second, so findBy and waitFor wait up to five.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals Testing Library cannot flag the environment itself; React's act() needs it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks what Radix menus and the router's scroll restoration call.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
window.scrollTo = () => undefined;
// jsdom has no object URLs; the image screens only need distinct strings.
let objectUrls = 0;
URL.createObjectURL ??= () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL ??= () => undefined;

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

beforeEach(async () => {
  // The files of a worker share one document (vitest.config.ts, isolate): what a test left in it,
  // such as a payment form, goes.
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  reloadSession();
  resetErrorReports();
  document.title = '';
  document.body.style.overflow = '';
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});
