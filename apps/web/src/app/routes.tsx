import { storePageIdOfRoute } from '@cutout/contracts';
import type { RouteObject } from 'react-router';
import { AuthPageRedirect, authPages } from '../features/auth/AuthPageRedirect.tsx';
import { BareErrorPage, ErrorPage } from '../features/errors/ErrorPage.tsx';
import { InitializationErrorPage } from '../features/errors/InitializationErrorPage.tsx';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';
import { ServiceUnavailablePage } from '../features/errors/ServiceUnavailablePage.tsx';
import { LanguageGuard, notFoundMeta } from './layout/LanguageGuard.tsx';
import { RootLayout, RootRedirect } from './layout/RootLayout.tsx';
import { Shell } from './layout/Shell.tsx';
import { InitLoader } from './loaders/InitLoader.tsx';
import type { RouteHandle } from './meta/document-meta.ts';

const handle = (meta: RouteHandle['meta']): RouteHandle => ({ meta });

/**
 * The route tree. Every page lives under `/:lang`; pages inside the shell go into the pathless
 * child below Shell, whose error element keeps the shell around a failing page. Feature screens
 * load lazily, so navigating to them shows the page loader.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <BareErrorPage />,
    hydrateFallbackElement: <InitLoader />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: ':lang',
        element: <LanguageGuard />,
        children: [
          {
            path: 'error/service-unavailable',
            element: <ServiceUnavailablePage />,
            handle: handle({ titleKey: 'meta.serviceUnavailable' }),
          },
          {
            path: 'error/initialization-error',
            element: <InitializationErrorPage />,
            handle: handle({ titleKey: 'meta.initializationError' }),
          },
          {
            element: <Shell />,
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  {
                    index: true,
                    handle: handle({ fromStore: true }),
                    lazy: async () => ({
                      Component: (await import('../features/main-page/MainPage.tsx')).MainPage,
                    }),
                  },
                  {
                    path: 'remove-background',
                    handle: handle({ titleKey: 'meta.removeBackground' }),
                    lazy: async () => ({
                      Component: (await import('../features/remove-background/RemoveBackgroundPage.tsx'))
                        .RemoveBackgroundPage,
                    }),
                  },
                  {
                    path: 'user/api',
                    handle: handle({ titleKey: 'meta.apiKeys' }),
                    lazy: async () => ({
                      Component: (await import('../features/api-keys/ApiKeysPage.tsx')).ApiKeysPage,
                    }),
                  },
                  {
                    path: 'integration/api',
                    handle: handle({ titleKey: 'meta.apiDocs' }),
                    lazy: async () => ({
                      Component: (await import('../features/api-docs/ApiDocsPage.tsx')).ApiDocsPage,
                    }),
                  },
                  ...['products/catalog', 'products/catalog/:group', 'products/catalog/:group/:slug'].map(
                    (path) => ({
                      path,
                      handle: handle({ titleKey: 'meta.catalog' }),
                      lazy: async () => ({
                        Component: (await import('../features/catalog/CatalogPage.tsx')).CatalogPage,
                      }),
                    }),
                  ),
                  ...['favorites/catalog', 'favorites/catalog/:group', 'favorites/catalog/:group/:slug'].map(
                    (path) => ({
                      path,
                      handle: handle({ titleKey: 'meta.favorites' }),
                      lazy: async () => ({
                        Component: (await import('../features/catalog/FavoritesPage.tsx')).FavoritesPage,
                      }),
                    }),
                  ),
                  ...['products/:idOrSlug', 'products/:idOrSlug/:slug'].map((path) => ({
                    path,
                    handle: handle({ titleKey: 'meta.product' }),
                    lazy: async () => ({
                      Component: (await import('../features/product/ProductPage.tsx')).ProductPage,
                    }),
                  })),
                  ...['pricing', 'subscription-plans'].map((path) => ({
                    path,
                    handle: handle({ titleKey: 'meta.pricing' }),
                    lazy: async () => ({
                      Component: (await import('../features/pricing/PricingPage.tsx')).PricingPage,
                    }),
                  })),
                  ...['blog', 'news-posts'].map((path) => ({
                    path,
                    handle: handle({ titleKey: 'meta.blog' }),
                    lazy: async () => ({
                      Component: (await import('../features/blog/BlogPage.tsx')).BlogPage,
                    }),
                  })),
                  ...(['confirm', 'unsubscribe'] as const).map((mode) => ({
                    path: `blog/subscription/${mode}`,
                    handle: handle({ titleKey: 'meta.newsSubscription' }),
                    lazy: async () => {
                      const { SubscriptionPage } = await import('../features/blog/SubscriptionPage.tsx');
                      return { element: <SubscriptionPage mode={mode} /> };
                    },
                  })),
                  ...['blog/:slugId/:slugName?', 'news-posts/:slugId/:slugName?'].map((path) => ({
                    path,
                    handle: handle({ titleKey: 'meta.post' }),
                    lazy: async () => ({
                      Component: (await import('../features/blog/PostPage.tsx')).PostPage,
                    }),
                  })),
                  {
                    path: 'contacts',
                    handle: handle({ titleKey: 'meta.contacts' }),
                    lazy: async () => ({
                      Component: (await import('../features/contacts/ContactsPage.tsx')).ContactsPage,
                    }),
                  },
                  {
                    path: 'integration/order',
                    handle: handle({ titleKey: 'meta.integrationOrder' }),
                    lazy: async () => ({
                      Component: (await import('../features/integrations/IntegrationOrderPage.tsx'))
                        .IntegrationOrderPage,
                    }),
                  },
                  {
                    path: 'integration/1c',
                    handle: handle({ titleKey: 'meta.integration1c' }),
                    lazy: async () => ({
                      Component: (await import('../features/integrations/Integration1cPage.tsx'))
                        .Integration1cPage,
                    }),
                  },
                  // The store pages (SPEC §2.1): one screen, the page fixed by the route (SPEC §2.2).
                  ...Object.entries(storePageIdOfRoute)
                    .filter(([path]) => path !== 'integration/1c')
                    .map(([path, pageId]) => ({
                      path,
                      handle: { ...handle({ titleKey: 'meta.storePage' }), pageId },
                      lazy: async () => ({
                        Component: (await import('../features/store-pages/StorePage.tsx')).StorePage,
                      }),
                    })),
                  {
                    path: 'shopping-cart',
                    handle: handle({ titleKey: 'meta.shoppingCart' }),
                    lazy: async () => ({
                      Component: (await import('../features/cart/CartPage.tsx')).CartPage,
                    }),
                  },
                  {
                    path: 'shopping-cart/checkout/:paymentOptionId/validate',
                    handle: handle({ titleKey: 'meta.checkout' }),
                    lazy: async () => ({
                      Component: (await import('../features/cart/CheckoutValidatePage.tsx'))
                        .CheckoutValidatePage,
                    }),
                  },
                  ...(['paid', 'success', 'failure'] as const).map((outcome) => ({
                    path: `shopping-cart/checkout/${outcome}`,
                    handle: handle({ titleKey: 'meta.checkout' }),
                    lazy: async () => {
                      const { CheckoutResultPage } = await import('../features/cart/CheckoutResultPage.tsx');
                      return { element: <CheckoutResultPage outcome={outcome} /> };
                    },
                  })),
                  {
                    path: 'user/contacts/new',
                    handle: handle({ titleKey: 'meta.newContactSet' }),
                    lazy: async () => ({
                      Component: (await import('../features/cart/NewContactSetPage.tsx')).NewContactSetPage,
                    }),
                  },
                  {
                    path: 'user/orders',
                    handle: handle({ titleKey: 'meta.orders' }),
                    lazy: async () => ({
                      Component: (await import('../features/orders/OrdersPage.tsx')).OrdersPage,
                    }),
                  },
                  {
                    path: 'user/personal-account',
                    handle: handle({ titleKey: 'meta.personalAccount' }),
                    lazy: async () => ({
                      Component: (await import('../features/account/PersonalAccountPage.tsx'))
                        .PersonalAccountPage,
                    }),
                  },
                  {
                    path: 'user/pincodes',
                    handle: handle({ titleKey: 'meta.pincodes' }),
                    lazy: async () => ({
                      Component: (await import('../features/vouchers/PinCodesPage.tsx')).PinCodesPage,
                    }),
                  },
                  {
                    path: 'user/orders/:orderId',
                    handle: handle({ titleKey: 'meta.order' }),
                    lazy: async () => ({
                      Component: (await import('../features/orders/OrderPage.tsx')).OrderPage,
                    }),
                  },
                  {
                    path: 'user',
                    handle: handle({ titleKey: 'meta.account' }),
                    lazy: async () => ({
                      Component: (await import('../features/account/ProfilePage.tsx')).ProfilePage,
                    }),
                  },
                  // The auth pages open their modal over the return path (SPEC §2.1, §2.3).
                  ...Object.entries(authPages).map(([path, modal]) => ({
                    path,
                    element: <AuthPageRedirect modal={modal} />,
                  })),
                  { path: 'error', element: <ErrorPage />, handle: handle({ titleKey: 'meta.error' }) },
                  { path: '*', element: <NotFoundPage />, handle: handle(notFoundMeta) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
