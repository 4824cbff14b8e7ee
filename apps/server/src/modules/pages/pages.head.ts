import {
  type FileRef,
  type Language,
  languages,
  storePageIdOfRoute,
  storePageRoute,
} from '@cutout/contracts';
import { localized } from '../../platform/localized.ts';
import type { PagesService } from './pages.service.ts';

/** What a site page's HTML says before any script runs: for crawlers and link previews. */
export interface SitePageHead {
  title?: string;
  description?: string;
  keywords?: string;
  image?: FileRef;
  kind: 'website' | 'article';
  /** The page's path in each language (without the site's origin): canonical and alternates. */
  paths: Partial<Record<Language, string>>;
  /** Whether the page belongs to the blog (its feed is announced). */
  blog: boolean;
}

type Texts = Record<Language, { title: string; description: string }>;

/** The screens whose words are the web app's: their head says what they are (the main page keeps the store's). */
const screens: Record<string, Texts> = {
  'remove-background': {
    en: {
      title: 'Remove background',
      description:
        'Drop JPG, PNG, WEBP or AVIF photos and download them without the background, on a colour or another image, cropped to the subject.',
    },
    ru: {
      title: 'Удалить фон',
      description:
        'Перетащите фото JPG, PNG, WEBP или AVIF и скачайте их без фона, на цветном или другом фоне, с обрезкой по объекту.',
    },
  },
  pricing: {
    en: {
      title: 'Pricing',
      description:
        'Plans from 10 images a month with rollover, a year at half the price, litre bundles that never expire. Previews are free.',
    },
    ru: {
      title: 'Цены',
      description:
        'Тарифы от 10 изображений в месяц с переносом остатка, год за полцены, пакеты литров без срока действия. Предпросмотр бесплатно.',
    },
  },
  blog: {
    en: {
      title: 'Blog',
      description:
        'How to photograph products, prepare pictures for marketplaces and automate background removal with the API.',
    },
    ru: {
      title: 'Блог',
      description:
        'Как снимать товары, готовить фото для маркетплейсов и автоматизировать удаление фона через API.',
    },
  },
  'integration/api': {
    en: {
      title: 'API documentation',
      description: 'The background removal API: keys, parameters, answers and errors, with examples.',
    },
    ru: {
      title: 'Документация API',
      description: 'API удаления фона: ключи, параметры, ответы и ошибки, с примерами.',
    },
  },
  'integration/order': {
    en: {
      title: 'Order an integration',
      description: 'Connect background removal to your shop, ERP or own system: tell us about the task.',
    },
    ru: {
      title: 'Заказать интеграцию',
      description:
        'Подключим удаление фона к вашему магазину, учётной системе или сервису: расскажите о задаче.',
    },
  },
  contacts: {
    en: { title: 'Contacts', description: 'How to reach the Cutout team: e-mail, phone and a contact form.' },
    ru: {
      title: 'Контакты',
      description: 'Как связаться с командой Cutout: почта, телефон и форма обратной связи.',
    },
  },
};

const everyLanguage = (path: string) =>
  Object.fromEntries(languages.map((language) => [language, `/${language}${path ? `/${path}` : ''}`]));

/**
 * The head of the site's own pages, from the path below the language: a blog post (its title,
 * description, cover, and its address in each language by its slug names), a store page (its title,
 * at its route in each language: the offer in Russian is the terms in English), and the screens
 * above. Null for any other path (the caller keeps the store's tags).
 */
export function createSitePageHeads(deps: { pages: Pick<PagesService, 'find'> }) {
  return async function sitePageHead(path: string, language: Language): Promise<SitePageHead | null> {
    const segments = path.split('/').filter(Boolean);
    const [root, slugId] = segments;
    if ((root === 'blog' || root === 'news-posts') && slugId) {
      const page = await deps.pages.find(slugId);
      if (!page?.published || page.type !== 'blog_post') return null;
      return {
        title: localized(page.title, language),
        description: localized(page.description, language),
        keywords: localized(page.keywords, language),
        image: page.primaryImageFileId
          ? { id: page.primaryImageFileId, updatedAt: page.updatedAt.toISOString() }
          : undefined,
        kind: 'article',
        paths: Object.fromEntries(
          languages.map((code) => [code, `/${code}/blog/${page.id}/${localized(page.slugName, code)}`]),
        ),
        blog: true,
      };
    }
    const route = segments.join('/');
    const pageId = storePageIdOfRoute[route];
    if (pageId) {
      const page = await deps.pages.find(pageId);
      if (!page?.published) return null;
      const routes = storePageRoute[pageId];
      return {
        title: localized(page.title, language),
        description: localized(page.description, language),
        keywords: localized(page.keywords, language),
        kind: 'website',
        paths: Object.fromEntries(languages.map((code) => [code, `/${code}/${routes?.[code] ?? route}`])),
        blog: false,
      };
    }
    const screen = screens[route];
    if (!screen) return null;
    return { ...screen[language], kind: 'website', paths: everyLanguage(route), blog: root === 'blog' };
  };
}

export type SitePageHeads = ReturnType<typeof createSitePageHeads>;
