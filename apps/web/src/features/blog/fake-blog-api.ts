import type { FetchPageListRequest, PageSort } from '@cutout/contracts';
import type { Page } from './blog-api.ts';

/**
 * For tests: the blog calls of the API over in-memory posts in English and Russian, answered at
 * fetch level in the language of the x-locale-id header, each call recorded with its body. The news
 * calls follow the server's answers: a bad address or too many requests are refused with the
 * server's message in that language; confirmation and unsubscribe links are known by their token.
 */

type Language = 'en' | 'ru';
type Texts = { title: string; preview: string; slug: string; content: string };

export type FakePost = {
  id: string;
  createdAt: string;
  cover: boolean;
  typeId?: Page['typeId'];
  en: Texts;
  ru: Texts;
};

/** Post number `number`, a day newer than the one before it, with a cover. */
export function postFixture(number = 1, overrides: Partial<FakePost> = {}): FakePost {
  return {
    id: `post-${number}`,
    createdAt: new Date(Date.UTC(2026, 0, number, 9)).toISOString(),
    cover: true,
    en: {
      title: `Post ${number}`,
      preview: `What post ${number} is about.`,
      slug: `post-${number}`,
      content: `<h2>Part one of post ${number}</h2><p>Text of <strong>post ${number}</strong>.</p>`,
    },
    ru: {
      title: `Статья ${number}`,
      preview: `О чём статья ${number}.`,
      slug: `statya-${number}`,
      content: `<h2>Первая часть статьи ${number}</h2><p>Текст <strong>статьи ${number}</strong>.</p>`,
    },
    ...overrides,
  };
}

/** Posts 1…count. */
export function manyPosts(count: number): FakePost[] {
  return Array.from({ length: count }, (_, index) => postFixture(index + 1));
}

function present(post: FakePost, language: Language): Page {
  const texts = post[language];
  return {
    id: post.id,
    slugifyId: post.id,
    slugifyName: texts.slug,
    typeId: post.typeId ?? 'store_pages_types.blog_post',
    name: texts.title,
    title: texts.title,
    preview: texts.preview,
    createdAt: post.createdAt,
    primaryImage: post.cover ? { id: `cover-${post.id}`, updatedAt: post.createdAt } : null,
    content: texts.content,
    htmlMetaTagItems: [{ typeId: 'html_meta_tag_types.title', content: texts.title }],
    updatedAt: post.createdAt,
    slugifyNames: { en: post.en.slug, ru: post.ru.slug },
  };
}

const orderings: Record<PageSort, (a: Page, b: Page) => number> = {
  'createdAt desc': (a, b) => b.createdAt.localeCompare(a.createdAt),
  'createdAt asc': (a, b) => a.createdAt.localeCompare(b.createdAt),
  'name asc': (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }),
  'name desc': (a, b) => b.name.localeCompare(a.name, undefined, { numeric: true }),
};

const serverMessages = {
  en: { invalid: 'Some fields are not valid.', limited: 'Too many requests. Try again in 60 s.' },
  ru: {
    invalid: 'Некоторые поля заполнены неверно.',
    limited: 'Слишком много запросов. Повторите через 60 с.',
  },
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

type Body = FetchPageListRequest & { email?: string; token?: string };

export function fakeBlogApi(
  options: {
    posts?: FakePost[];
    /** How many list calls fail (500) before they answer. */
    failingLists?: number;
    /** Every subscription is refused with 429, as after too many requests. */
    rateLimited?: boolean;
    /** Confirmation tokens and what each does; any other is 'expired', as the server says. */
    confirmTokens?: Record<string, 'confirmed' | 'expired'>;
    /** Unsubscribe tokens the server knows. */
    unsubscribeTokens?: string[];
  } = {},
) {
  const posts = options.posts ?? manyPosts(3);
  let failingLists = options.failingLists ?? 0;
  const calls: Array<{ call: string; body: Body; path: string; language: Language }> = [];

  /** Answers a blog or news call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const language: Language = new Headers(init.headers).get('x-locale-id') === 'ru' ? 'ru' : 'en';
    const record = (call: string) => calls.push({ call, body, path, language });

    if (path === '/pages/fetchPageList') {
      record('list');
      if (failingLists > 0) {
        failingLists -= 1;
        return json({ code: 'INTERNAL_ERROR', message: 'The service failed. Try again.' }, 500);
      }
      const filter = body.filter ?? {};
      const search = body.search?.toLowerCase();
      const list = posts
        .map((post) => present(post, language))
        .filter((page) => !filter.where?.typeId || page.typeId === filter.where.typeId)
        .filter((page) => !search || `${page.title} ${page.preview}`.toLowerCase().includes(search))
        .sort(orderings[filter.order ?? 'createdAt desc']);
      const skip = filter.skip ?? 0;
      const output = list
        .slice(skip, skip + (filter.limit ?? 8))
        .map(({ content, htmlMetaTagItems, updatedAt, slugifyNames, ...summary }) => summary);
      return json({ output, outputInfo: { count: output.length }, totalCount: list.length });
    }

    const page = /^\/pages\/([^/]+)\/fetchPage$/.exec(path);
    if (page) {
      record('get');
      const post = posts.find((candidate) => candidate.id === decodeURIComponent(page[1] ?? ''));
      return post ? json(present(post, language)) : json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }

    if (path === '/news/subscribe') {
      record('subscribe');
      if (options.rateLimited)
        return json({ code: 'RATE_LIMITED', message: serverMessages[language].limited }, 429, {
          'Retry-After': '60',
        });
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email ?? ''))
        return json(
          {
            code: 'VALIDATION_ERROR',
            message: serverMessages[language].invalid,
            details: { field: 'email' },
          },
          400,
        );
      return json({ result: true });
    }
    if (path === '/news/confirm') {
      record('confirm');
      return json({ status: options.confirmTokens?.[body.token ?? ''] ?? 'expired' });
    }
    if (path === '/news/unsubscribe') {
      record('unsubscribe');
      return json({ result: (options.unsubscribeTokens ?? []).includes(body.token ?? '') });
    }
    return null;
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call),
  };
}
