import { Component, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { Language } from '../../shared/i18n/languages.ts';
import { isNotFoundError } from '../../shared/routing/not-found.ts';
import { updateSession } from '../../shared/session/session.ts';
import { BlogPage } from './BlogPage.tsx';
import { PostPage } from './PostPage.tsx';
import { SubscriptionPage } from './SubscriptionPage.tsx';

/**
 * For tests: the blog's screens at their addresses (SPEC §2.1 blog and news-posts), as the app's
 * route tree gives them, with a stand-in for the route's error element that shows the not-found
 * screen's title for a NotFoundError.
 */
export function BlogTestRoutes() {
  return (
    <Routes>
      {['blog', 'news-posts'].map((base) => (
        <Route key={base} path={`:lang/${base}`}>
          <Route index element={<BlogPage />} />
          <Route
            path=":slugId/:slugName?"
            element={
              <NotFoundBoundary>
                <PostPage />
              </NotFoundBoundary>
            }
          />
        </Route>
      ))}
      <Route path=":lang/blog/subscription/confirm" element={<SubscriptionPage mode="confirm" />} />
      <Route path=":lang/blog/subscription/unsubscribe" element={<SubscriptionPage mode="unsubscribe" />} />
    </Routes>
  );
}

/**
 * For tests: the language of a test's address, put in the session as the language guard does, so
 * that the calls ask for it (x-locale-id) and the fake answers in it.
 */
export function enterLanguageOf(path: string): Language {
  const language = path.startsWith('/ru') ? 'ru' : 'en';
  updateSession({ localeId: language });
  return language;
}

class NotFoundBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <h1>{isNotFoundError(error) ? 'PAGE NOT FOUND' : 'Something went wrong'}</h1>;
  }
}
