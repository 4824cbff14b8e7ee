import { randomUUID } from 'node:crypto';
import {
  type HtmlMetaTagItem,
  isPageAddress,
  pagePatternOf,
  recordPagePatterns,
  removalHeaders,
} from '@cutout/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { addressRoutes } from './modules/cart/addresses.routes.ts';
import { cartRoutes, contactSetRoutes } from './modules/cart/cart.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogRecordRoutes } from './modules/catalog/catalog-records.routes.ts';
import { productSegmentRoutes } from './modules/catalog/product-segments.routes.ts';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { personalAccountRoutes } from './modules/ledger/ledger.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { checkoutRoutes, customerOrderRoutes, ordersRoutes } from './modules/orders/orders.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { siteRoutes } from './modules/pages/site.routes.ts';
import { passportsRoutes } from './modules/passports/passports.routes.ts';
import { paymentWebhookRoutes } from './modules/payments/payments.routes.ts';
import { openApiDocument } from './modules/removal/openapi.ts';
import { sendPublicApiError } from './modules/removal/public-api-errors.ts';
import { executeRoutes, publicApiRoutes } from './modules/removal/removal.routes.ts';
import { registerStoreScope, storeRoutes } from './modules/store/store.routes.ts';
import type { ResolvedStore } from './modules/store/store.service.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { registerAuth, usersRoutes } from './modules/users/users.routes.ts';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes.ts';
import { type Config, startupWarnings } from './platform/config.ts';
import { isLanguage, languageOf, registerRequestContext } from './platform/http/context.ts';
import { answerUnroutable, registerErrorHandling } from './platform/http/errors.ts';
import { registerInputGuard, requestIdOf } from './platform/http/input-guard.ts';
import { createOperatorGuard } from './platform/http/operator.ts';
import { registerCrossSiteCheck, registerSecurityHeaders } from './platform/http/security.ts';
import { siteOriginOf } from './platform/http/site-origin.ts';
import { type PageHead, registerWebApp } from './platform/http/web.ts';
import { createBullmqJobs } from './platform/jobs/bullmq/bullmq-jobs.ts';
import { createInProcessJobs } from './platform/jobs/in-process/in-process-jobs.ts';
import { outboxRoutes } from './platform/messaging/outbox.routes.ts';
import { demoAcquirerRoutes } from './platform/payments/demo/demo-acquirer.routes.ts';
import { createServices, type ServiceOptions } from './services.ts';

/**
 * Stops accepting connections and resolves once the requests in progress are answered. A keep-alive
 * connection is closed as soon as its request is done, instead of waiting out its idle timeout.
 */
function drain(server: FastifyInstance['server']): Promise<void> {
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  return new Promise<void>((resolve) => server.close(() => resolve())).finally(() => clearInterval(reaper));
}

/** A path with its escapes decoded; one with a broken escape stays as it is. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export interface AppOptions extends Omit<ServiceOptions, 'log' | 'now'> {
  logger?: FastifyServerOptions['logger'];
  /** The clock of the business rules (code expiry, token lifetimes); tests move it. */
  now?: () => Date;
}

/** Builds the HTTP application: API and web app from one process. Does not listen. */
/**
 * Where a checkout's hidden form may go (CSP form-action): this site under each of its addresses
 * (the demo acquirer's page), and the hosted pages of the providers that are configured.
 */
function paymentFormOrigins(config: Config): string[] {
  const { yookassa, stripe } = config.payments;
  return [
    // CSP source lists take host names and IPv4 addresses, not bracketed IPv6 literals.
    ...config.siteOrigins.filter((origin) => !origin.includes('[')),
    ...(yookassa ? ['https://yoomoney.ru', new URL(yookassa.apiUrl).origin] : []),
    ...(stripe ? ['https://checkout.stripe.com', new URL(stripe.apiUrl).origin] : []),
  ];
}

/** Where the public API answers: its own base, and where remove.bg's clients look for it. */
const publicApiPrefixes = ['/api/v1', '/api/v1.0', '/v1.0'];

export async function buildApp({
  config,
  database,
  logger,
  now = () => new Date(),
  ...options
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A client's x-request-id is echoed only when it is short and plain (see requestIdOf).
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], randomUUID),
    // Requests must not wait for their turn behind a slow one forever.
    requestTimeout: 120_000,
    frameworkErrors: answerUnroutable,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerRequestContext(app);
  await registerSecurityHeaders(app, {
    siteOrigins: config.siteOrigins,
    analyticsOrigin: config.analyticsCounterId ? 'https://mc.yandex.ru' : null,
    imageOrigins: config.passports.flatMap((passport) =>
      passport.iconUrl && /^https?:/.test(passport.iconUrl) ? [new URL(passport.iconUrl).origin] : [],
    ),
    formActionOrigins: paymentFormOrigins(config),
  });
  registerCrossSiteCheck(app, { siteOrigins: config.siteOrigins, prefixes: ['/api/stores/'] });
  registerInputGuard(app);

  const services = createServices({ config, database, log: app.log, now, ...options });
  const { stores, limiter, outbox, users, registration, permissions, passwords } = services;
  const { ledger, litres, apiKeys, files, catalog, catalogRecords, clientErrors, removal, passports } =
    services;

  const imageUrlOf = (image: { id: string; updatedAt: string } | undefined) =>
    image &&
    `${config.siteUrl}/api/stores/files/${encodeURIComponent(image.id)}/size/large/download?t=${encodeURIComponent(image.updatedAt)}`;
  const absolute = (path: string) => `${config.siteUrl}${encodeURI(path)}`;

  /**
   * The head of a page: a site page's (a post, a store page, a screen) or a catalogue page's own
   * title, description and picture, else the store's meta tags; on every page its canonical address
   * and the same page in each language.
   */
  const pageHeadOf = async (request: FastifyRequest, resolved: ResolvedStore): Promise<PageHead> => {
    const storeTags = stores.metaTags(resolved);
    const { language } = resolved;
    const storeName = resolved.snapshot.store.name;
    const pathName = request.url.split('?')[0] ?? '/';
    const [, , ...segments] = pathName.split('/');
    const below = segments.filter(Boolean).join('/');
    // A page's status: 404 for an address that is no page, or for a post or product that is not
    // there (the app shows its not-found page for both).
    const status = (record: unknown): 200 | 404 =>
      isPageAddress(pathName) &&
      (record !== null || !recordPagePatterns.has(pagePatternOf(segments.join('/')) ?? ''))
        ? 200
        : 404;
    const titled = (title: string, description?: string, keywords?: string): HtmlMetaTagItem[] => [
      { typeId: 'html_meta_tag_types.title', content: `${title} — ${storeName}` },
      ...(description ? [{ typeId: 'html_meta_tag_types.description' as const, content: description }] : []),
      ...(keywords
        ? [{ typeId: 'html_meta_tag_types.keywords' as const, content: keywords }]
        : storeTags.filter((tag) => tag.typeId === 'html_meta_tag_types.keywords')),
    ];
    const samePath = Object.fromEntries(
      (['en', 'ru'] as const).map((code) => [code, `/${code}${below ? `/${decodedPath(below)}` : ''}`]),
    ) as Record<'en' | 'ru', string>;
    const addresses = (paths: Partial<Record<'en' | 'ru', string>>) => ({
      canonicalUrl: absolute(paths[language] ?? samePath[language]),
      alternates: (['en', 'ru'] as const).flatMap((code) =>
        paths[code] ? [{ language: code, url: absolute(paths[code] as string) }] : [],
      ),
    });
    const site = await services.sitePageHead(decodedPath(below), language);
    if (site) {
      return {
        language,
        metaTags: site.title ? titled(site.title, site.description, site.keywords) : storeTags,
        imageUrl: imageUrlOf(site.image),
        kind: site.kind,
        siteName: storeName,
        ...addresses(site.paths),
        ...(site.blog && { feedUrl: `${config.siteUrl}/${language}/blog/rss.xml` }),
        status: status(site),
      };
    }
    const page = await services.catalogPageHead(below, {
      language,
      currency: resolved.currency,
      userId: null,
    });
    return {
      language,
      metaTags: page ? titled(page.title, page.description) : storeTags,
      imageUrl: imageUrlOf(page?.image),
      siteName: storeName,
      ...addresses(samePath),
      status: status(page),
    };
  };

  const serveIndex = await registerWebApp(app, {
    distDir: config.webDistDir,
    analyticsCounterId: config.analyticsCounterId,
    headFor: async (request) => {
      const language = languageOf(request);
      try {
        const resolved = await stores.resolve({ ...request.storeSelection, localeId: language });
        return await pageHeadOf(request, resolved);
      } catch {
        return {
          language,
          metaTags: [],
          status: isPageAddress(request.url.split('?')[0] ?? '/') ? 200 : 404,
        };
      }
    },
  });
  registerErrorHandling(app, {
    bodyLimit: config.bodyLimitBytes,
    fallback: serveIndex,
    // A mistyped path of the public API is remove.bg's not_found, a wrong verb its method_not_allowed.
    senderOf: (path) =>
      publicApiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
        ? sendPublicApiError
        : null,
  });

  /**
   * A blog post's address (SPEC §2.1 news-posts-detail): an old slug name or id, a missing slug
   * name, or the news-posts alias is redirected (301) to the post's address now, so that links and
   * search results keep working; the address itself is the web app's page.
   */
  const servePost = async (
    request: FastifyRequest<{ Params: { language: string; slugId: string; slugName?: string } }>,
    reply: FastifyReply,
  ) => {
    const { language, slugId, slugName } = request.params;
    if (!isLanguage(language)) return serveIndex(request, reply);
    const address = await services.pages.resolvePost(language, slugId, slugName);
    const asked = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
    if (address && address.path !== decodedPath(asked)) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(encodeURI(address.path) + query, 301);
    }
    return serveIndex(request, reply);
  };
  await app.register(siteRoutes, {
    pages: services.pages,
    catalog: services.catalog,
    siteUrl: config.siteUrl,
    storeName: async () =>
      (
        await services.stores.resolve({
          storeId: undefined,
          tenantClientId: undefined,
          localeId: undefined,
          currencyId: undefined,
        })
      ).snapshot.store.name,
  });
  for (const base of ['blog', 'news-posts']) {
    app.get(`/:language/${base}/:slugId`, servePost);
    app.get(`/:language/${base}/:slugId/:slugName`, servePost);
  }

  await app.register(healthRoutes, { database, dependencies: services.dependencies });
  if (config.outboxPage) await app.register(outboxRoutes, { outbox });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await app.register(
    async (scope) => {
      registerStoreScope(scope, { stores });
      registerAuth(scope, { users });
      await scope.register(storeRoutes, {
        stores,
        // The points are counted on the ledger: the user row's column is not kept up to date.
        viewer: async (user) => ({
          ...(await users.viewer(user)),
          bonusPointBalance: await services.accounts.bonusPoints.balance(user.id),
        }),
        partnerActions: (user) => litres.partnerActions(user),
        passports: () => passports.list(),
      });
      await scope.register(apiKeysRoutes, {
        prefix: '/actions',
        apiKeys,
        actionId: stores.constants().removeBackgroundActionId,
      });
      await scope.register(executeRoutes, {
        prefix: '/actions',
        removal,
        stores,
        limiter,
        actionId: stores.constants().removeBackgroundActionId,
      });
      await scope.register(usersRoutes, {
        prefix: '/users',
        users,
        registration,
        passwords,
        permissions,
      });
      await scope.register(catalogRoutes, { prefix: '/products', catalog });
      await scope.register(catalogRecordRoutes, { records: catalogRecords });
      await scope.register(productSegmentRoutes, {
        segments: services.productSegments,
        requireOperator: createOperatorGuard(config.operatorToken),
      });
      await scope.register(filesRoutes, { prefix: '/files', files });
      await scope.register(clientErrorsRoutes, { prefix: '/clientErrors', clientErrors });
      await scope.register(cartRoutes, {
        prefix: '/shoppingCarts',
        cart: services.cart,
        delivery: services.delivery,
        paymentOptions: (viewer) => services.payments.options(viewer),
      });
      await scope.register(addressRoutes, {
        suggester: services.addresses,
        contactSets: services.contactSets,
        limiter,
      });
      await scope.register(contactSetRoutes, {
        prefix: '/partnerContactSets',
        contactSets: services.contactSets,
      });
      await scope.register(checkoutRoutes, { checkout: services.checkout });
      await scope.register(subscriptionsRoutes, {
        plans: services.plans,
        subscriptions: services.subscriptions,
        litreSummary: (user) => litres.summary(user),
      });
      await scope.register(personalAccountRoutes, { ledger: services.ledger });
      await scope.register(vouchersRoutes, {
        vouchers: services.vouchers,
        requireOperator: createOperatorGuard(config.operatorToken),
      });
      await scope.register(customerOrderRoutes, { prefix: '/customerOrders', orders: services.orders });
      await scope.register(pagesRoutes, { prefix: '/pages', pages: services.pages });
      await scope.register(formsRoutes, { forms: services.forms });
      await scope.register(newsletterRoutes, { prefix: '/news', newsletter: services.newsletter });
      await scope.register(ordersRoutes, {
        prefix: '/orders',
        orders: services.orders,
        invoices: services.invoices,
        refunds: services.refunds,
        requireOperator: createOperatorGuard(config.operatorToken),
      });
    },
    { prefix: '/api/stores' },
  );
  await app.register(paymentWebhookRoutes, { prefix: '/api/payments/webhooks', payments: services.payments });
  if (services.demoAcquirer) {
    await app.register(demoAcquirerRoutes, {
      prefix: '/demo-acquirer',
      acquirer: services.demoAcquirer,
      merchantName: 'Cutout',
    });
  }
  await app.register(passportsRoutes, {
    prefix: '/api/passports',
    passports,
    stores,
    siteOrigins: config.siteOrigins,
  });
  app.get('/api/openapi.json', async (request) => openApiDocument(siteOriginOf(request, config.siteOrigins)));
  // The public API, also where remove.bg's clients look for it: a base URL ending in /v1.0.
  for (const prefix of publicApiPrefixes) {
    await app.register(
      async (scope) => {
        // Developers call the public API from their own pages with a key, never a cookie: any origin
        // may, without credentials.
        await scope.register(fastifyCors, {
          origin: '*',
          credentials: false,
          methods: ['GET', 'POST'],
          allowedHeaders: ['X-Access-Token', 'X-Api-Key', 'Content-Type', 'Accept', 'Idempotency-Key'],
          exposedHeaders: [
            ...Object.values(removalHeaders),
            'Idempotent-Replayed',
            'X-Type',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'Retry-After',
            'X-Request-Id',
          ],
          maxAge: 600,
        });
        await scope.register(publicApiRoutes, {
          removal,
          stores,
          apiKeys,
          litres,
          limiter,
          requestsPerMinute: config.apiRequestsPerMinute,
        });
      },
      { prefix },
    );
  }
  // Scale-out: with Redis each scheduled run is taken by one process of many.
  const jobs = config.redisUrl
    ? createBullmqJobs({ redisUrl: config.redisUrl, prefix: config.queue.prefix, log: app.log })
    : createInProcessJobs({ log: app.log });
  // Litres held by requests that died with a process come back at start and within a minute.
  app.addHook('onReady', async () => {
    // Before the write-off below: a term renewed after downtime rolls its litres over first.
    await jobs.every('accrue and renew subscriptions', 60_000, services.subscriptions.runDue);
    await jobs.every('release stale litre holds', 60_000, ledger.releaseStaleHolds);
    await jobs.every('send refunds no provider has taken yet', 300_000, () =>
      services.payments.retryUnsentRefunds(),
    );
    await jobs.every('write off expired credit lots', 3_600_000, ledger.expireLots);
    await jobs.every('forget old client error reports', 3_600_000, clientErrors.prune);
    await jobs.every('mail new blog posts to the news subscribers', 300_000, services.newsletter.announce);
  });
  // Only a server that listens: tests that inject requests start no engine they do not use.
  if (config.enginePreload) {
    app.addHook('onListen', async () => {
      const start = performance.now();
      // Not awaited: the server answers meanwhile, and a removal that comes first waits for it.
      services.preloadEngine().then(
        () => app.log.info({ ms: Math.round(performance.now() - start) }, 'engine ready'),
        (error: unknown) => app.log.error({ err: error }, 'the engine did not start'),
      );
    });
  }
  app.addHook('onClose', async () => {
    // Requests in progress finish first (server.close stops accepting and waits for them): they may
    // still need the database, the engine and the jobs' services closed below.
    if (app.server.listening) await drain(app.server);
    await jobs.stop();
    await services.close();
    await database.close();
  });
  return app;
}
