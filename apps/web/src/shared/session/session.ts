import { useSyncExternalStore } from 'react';
import { readItem, storageKeys, writeItem } from '../storage/local-storage.ts';

/**
 * What the browser remembers between calls: the access token and user id of a logged-in user, the
 * chosen locale and currency (persisted in local storage), and the store identity learned from the
 * first store info (memory only). The API client reads its headers from here.
 */
export interface Session {
  accessToken: string | null;
  userId: string | null;
  localeId: string | null;
  currencyId: string | null;
  storeId: string | null;
  tenantClientId: string | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let state: Session = loadSession();

function loadSession(): Session {
  return {
    accessToken: readItem(storageKeys.accessToken),
    userId: readItem(storageKeys.userId),
    localeId: readItem(storageKeys.localeId),
    currencyId: readItem(storageKeys.currencyId),
    storeId: null,
    tenantClientId: null,
  };
}

const persisted = {
  accessToken: storageKeys.accessToken,
  userId: storageKeys.userId,
  localeId: storageKeys.localeId,
  currencyId: storageKeys.currencyId,
} as const;

export function getSession(): Session {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateSession(patch: Partial<Session>): void {
  const next = { ...state, ...patch };
  const changed = (Object.keys(patch) as (keyof Session)[]).filter((key) => next[key] !== state[key]);
  if (changed.length === 0) return;
  for (const key of changed) {
    if (key in persisted) writeItem(persisted[key as keyof typeof persisted], next[key]);
  }
  state = next;
  for (const listener of listeners) listener();
}

/** Forgets the logged-in user (logout, or a 401 AUTHORIZATION_REQUIRED from the server). */
export function clearAuth(): void {
  updateSession({ accessToken: null, userId: null });
}

/** Re-reads local storage: for tests, which clear storage between cases, and for other tabs' changes. */
export function reloadSession(): void {
  state = loadSession();
  for (const listener of listeners) listener();
}

/**
 * A log-in or log-out in another tab of this site shows here at once (the storage event): the
 * account menu and the account's pages follow it instead of offering a session that has ended.
 * Only the sign-in is shared; a tab keeps its own language (its address) and currency.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== persisted.accessToken && event.key !== persisted.userId && event.key !== null) return;
    const stored = loadSession();
    if (stored.accessToken === state.accessToken && stored.userId === state.userId) return;
    state = { ...state, accessToken: stored.accessToken, userId: stored.userId };
    for (const listener of listeners) listener();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * The cookie session of an external sign-in lives in an HttpOnly access_token cookie that scripts
 * cannot see; the server sets this readable hint beside it (same lifetime) and clears both on
 * logout. It is no secret: it only tells the views that a cookie session exists.
 */
export const signedInHintCookie = 'signed_in';

function hasSignedInHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${signedInHintCookie}=1`);
}

/**
 * Drops the signed-in hint cookie, so that this browser stops counting as signed in at once; the
 * HttpOnly access_token cookie is for the server to clear (/users/logout).
 */
export function expireSignedInHint(): void {
  if (typeof document === 'undefined' || !hasSignedInHint()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${signedInHintCookie}=; Max-Age=0; path=/`;
  // Whoever was signed in by the cookie alone is not any more: let the views re-read the session.
  state = { ...state };
  for (const listener of listeners) listener();
}

/** Forgets every trace of the signed-in user: the stored token and user id, and the cookie hint. */
export function signOutLocally(): void {
  clearAuth();
  expireSignedInHint();
}

const authorizationLostListeners = new Set<Listener>();

/** Called when the server refuses the session (401 AUTHORIZATION_REQUIRED), after it is forgotten. */
export function onAuthorizationLost(listener: Listener): () => void {
  authorizationLostListeners.add(listener);
  return () => authorizationLostListeners.delete(listener);
}

/** The server no longer accepts the session: forget it and tell the views (SPEC §4). */
export function reportAuthorizationLost(): void {
  signOutLocally();
  for (const listener of authorizationLostListeners) listener();
}

/**
 * Authorised means a stored access token or an access_token cookie (SPEC §4); the cookie is
 * HttpOnly, so its readable signed-in hint stands for it.
 */
export function isAuthorised(session: Session = state): boolean {
  return Boolean(session.accessToken) || hasSignedInHint();
}

export function useIsAuthorised(): boolean {
  return isAuthorised(useSession());
}
