import { imageLimits, type Language } from '@cutout/contracts';
import { createEngine, type Engine } from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import { createApiKeysRepo } from './modules/api-keys/api-keys.repo.ts';
import { createApiKeyService } from './modules/api-keys/api-keys.service.ts';
import { bonusPointValue } from './modules/cart/cart.pricing.ts';
import { createCartRepo } from './modules/cart/cart.repo.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createContactSetsRepo } from './modules/cart/contact-sets.repo.ts';
import { createContactSetsService } from './modules/cart/contact-sets.service.ts';
import { createDeliveryRepo } from './modules/cart/delivery.repo.ts';
import { createDeliveryService } from './modules/cart/delivery.service.ts';
import { createCatalogPageHeads } from './modules/catalog/catalog.page-head.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCatalogRecordsService } from './modules/catalog/catalog-records.service.ts';
import { createProductSegmentsRepo } from './modules/catalog/product-segments.repo.ts';
import { createProductSegmentsService } from './modules/catalog/product-segments.service.ts';
import { createClientErrorsRepo } from './modules/client-errors/client-errors.repo.ts';
import { createClientErrorsService } from './modules/client-errors/client-errors.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createFormsRepo } from './modules/forms/forms.repo.ts';
import { createFormsService } from './modules/forms/forms.service.ts';
import type { DependencyProbe } from './modules/health/health.routes.ts';
import { createAccountsService } from './modules/ledger/accounts.service.ts';
import { createLedgerRepo } from './modules/ledger/ledger.repo.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createLitreService } from './modules/ledger/litres.service.ts';
import { createNewsletterRepo } from './modules/newsletter/newsletter.repo.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { createCheckoutService } from './modules/orders/checkout.service.ts';
import { createCheckoutWorkflow } from './modules/orders/checkout.workflow.ts';
import { createOrderFulfilment } from './modules/orders/fulfilment.ts';
import { createInvoiceService } from './modules/orders/invoice/invoice.service.ts';
import { createOrderMail } from './modules/orders/order-mail.ts';
import { createOrdersRepo } from './modules/orders/orders.repo.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createRefundsService } from './modules/orders/refunds.service.ts';
import { createSitePageHeads } from './modules/pages/pages.head.ts';
import { createPagesRepo } from './modules/pages/pages.repo.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { createPassportsRepo } from './modules/passports/passports.repo.ts';
import { createPassportService } from './modules/passports/passports.service.ts';
import { createPaymentsRepo } from './modules/payments/payments.repo.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPromotionsRepo } from './modules/promotions/promotions.repo.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { createRemovalRepo } from './modules/removal/removal.repo.ts';
import { createRemovalService } from './modules/removal/removal.service.ts';
import { createRemoveBackgroundWorkflow } from './modules/removal/remove-background.workflow.ts';
import { createStoreRepo } from './modules/store/store.repo.ts';
import { createStoreService } from './modules/store/store.service.ts';
import { createPlansService } from './modules/subscriptions/plans.service.ts';
import { createSubscriptionsRepo } from './modules/subscriptions/subscriptions.repo.ts';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { createPasswordService } from './modules/users/password.service.ts';
import { createPermissionService } from './modules/users/permissions.service.ts';
import { createRegistrationService } from './modules/users/registration.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createVouchersRepo } from './modules/vouchers/vouchers.repo.ts';
import { createVouchersService } from './modules/vouchers/vouchers.service.ts';
import { createGazetteerSuggester } from './platform/addresses/gazetteer/gazetteer-suggester.ts';
import type { Config } from './platform/config.ts';
import type { Database, Db } from './platform/db/client.ts';
import { createTransactor } from './platform/db/transactions.ts';
import { localized } from './platform/localized.ts';
import { createMailer, createSms } from './platform/messaging/mailer.ts';
import { createOutboxRepo } from './platform/messaging/outbox.repo.ts';
import { createDemoAcquirerRepo } from './platform/payments/demo/demo-acquirer.repo.ts';
import { createDemoAcquirer } from './platform/payments/demo/demo-acquirer.ts';
import { createDemoProvider } from './platform/payments/demo/demo-provider.ts';
import type { PaymentProvider } from './platform/payments/payments.port.ts';
import { createStripeProvider } from './platform/payments/stripe/stripe-provider.ts';
import { createYooKassaProvider } from './platform/payments/yookassa/yookassa-provider.ts';
import { queuedEngineSource } from './platform/queue/queued-engine.ts';
import { createMemoryRateLimiter } from './platform/rate-limit.ts';
import { connectRedis, pingRedis } from './platform/redis/redis.ts';
import { createRedisRateLimiter } from './platform/redis/redis-rate-limiter.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';
import { createLocalStorage } from './platform/storage/local/local-storage.ts';
import type { FileStorage } from './platform/storage/storage.port.ts';

export interface ServiceOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The clock of the business rules (code expiry, token lifetimes); tests move it. */
  now: () => Date;
  /** The background-removal engine, started on first use unless given (tests share one). */
  engine?: () => Promise<Engine>;
  /** Which resolved addresses image URLs may reach; tests allow loopback. */
  isFetchAllowed?: (address: string) => boolean;
  /** The file storage: the local adapter under config.filesDir unless given (tests spy on it). */
  storage?: FileStorage;
}

/**
 * The files service on its own, for what runs before the app is built (the catalogue's seed):
 * the same table and storage root as the app's.
 */
export function createFilesFor(options: {
  db: Db;
  filesDir: string;
  now?: () => Date;
  storage?: FileStorage;
}) {
  return createFilesService({
    repo: createFilesRepo(createTransactor(options.db)),
    storage: options.storage ?? createLocalStorage({ root: options.filesDir }),
    now: options.now ?? (() => new Date()),
  });
}

/** Starts the engine once, on first use (or on `preload`), and closes it with the app. */
function lazyEngine(config: Config): {
  get: () => Promise<Engine>;
  preload: () => Promise<unknown>;
  close: () => Promise<void>;
} {
  let started: Promise<Engine> | undefined;
  const get = () => {
    started ??= createEngine({
      workers: config.engineWorkers,
      maxQueue: config.engineMaxQueue,
      classifier: config.engineClassifier,
      memory: config.engineMemory,
    });
    return started;
  };
  return {
    get,
    // Ready once the workers have warmed up, as for a request that came then.
    preload: async () => (await get()).warmedUp(),
    close: async () => {
      if (started) await (await started).close();
    },
  };
}

/**
 * The composition root: every module's repo, service and workflow, wired to the ports the
 * configuration chooses. The HTTP app (app.ts) registers routes over what this answers.
 */
export function createServices({ config, database, log, now, ...options }: ServiceOptions) {
  // One unit of work for the app: every module's repo joins the transaction a workflow opens.
  const transactor = createTransactor(database.db);
  const stores = createStoreService({
    repo: createStoreRepo(transactor),
    defaultStoreId: config.defaultStoreId,
  });
  // Scale-out: with Redis every process counts in the same windows.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  const limiter = redis
    ? createRedisRateLimiter(redis, { prefix: `${config.queue.prefix}:rate:` })
    : createMemoryRateLimiter();
  const outbox = createOutboxRepo(transactor);
  // The SMTP_URL's scheme picks the mail transport; without it, mail and SMS stay in the outbox.
  const mailer = createMailer({ url: config.smtpUrl, from: config.mailFrom, outbox, log });
  const sms = createSms({ url: undefined, from: config.mailFrom, outbox, log });
  const usersRepo = createUsersRepo(transactor);
  const permissions = createPermissionService({
    repo: usersRepo,
    transactor,
    mailer,
    sms,
    limiter,
    now,
    siteUrl: config.siteUrl,
  });
  const users = createUsersService({
    repo: usersRepo,
    limiter,
    mailer,
    storeNameOf: async (storeId) =>
      (
        await stores.resolve({
          storeId,
          tenantClientId: undefined,
          localeId: undefined,
          currencyId: undefined,
        })
      ).snapshot.store.name,
    now,
  });
  const registration = createRegistrationService({ repo: usersRepo, permissions, limiter, sessions: users });
  const ledger = createLedgerService({ repo: createLedgerRepo(transactor), transactor, now });
  const accounts = createAccountsService(ledger);
  const litres = createLitreService({ ledger, now });
  const apiKeys = createApiKeyService({
    repo: createApiKeysRepo(transactor),
    transactor,
    now,
    findUser: (userId) => users.findById(userId),
    // The key exists and its value is answered once: a mail that fails must not lose it.
    onIssued: (key) =>
      users
        .notifyApiKeyIssued({ ...key, siteUrl: config.siteUrl })
        .catch((error: unknown) => log.error({ err: error, userId: key.userId }, 'API key mail failed')),
  });
  const passwords = createPasswordService({
    repo: usersRepo,
    permissions,
    mailer,
    limiter,
    apiKeys,
    siteOrigins: config.siteOrigins,
    now,
  });
  const configuredStorage = options.storage ? null : createFileStorage(config);
  const files = createFilesService({
    repo: createFilesRepo(transactor),
    storage: options.storage ?? (configuredStorage as FileStorage),
    now,
  });
  /** What readiness checks beside the database: the services this configuration reaches out to. */
  const dependencies: DependencyProbe[] = [];
  if (config.s3 && configuredStorage)
    dependencies.push({ name: 'storage', kind: 's3', check: configuredStorage.check });
  if (redis) dependencies.push({ name: 'redis', kind: 'redis', check: () => pingRedis(redis) });
  const catalogRepo = createCatalogRepo(transactor);
  const catalog = createCatalogService({
    repo: catalogRepo,
    files,
    now,
    listCacheMs: config.catalogCacheMs,
  });
  const catalogRecords = createCatalogRecordsService({ repo: catalogRepo, files });
  const catalogPageHead = createCatalogPageHeads({ catalog, records: catalogRecords });
  const productSegments = createProductSegmentsService({
    repo: createProductSegmentsRepo(transactor),
    catalog: catalogRepo,
    transactor,
    now,
  });
  const clientErrors = createClientErrorsService({ repo: createClientErrorsRepo(transactor), limiter, now });
  // Scale-out: with Redis, removals go through the queue to `npm run worker` processes.
  const inProcessEngine = options.engine || config.redisUrl ? undefined : lazyEngine(config);
  const ownEngine = options.engine
    ? undefined
    : config.redisUrl
      ? queuedEngineSource({
          redisUrl: config.redisUrl,
          prefix: config.queue.prefix,
          maxQueue: config.engineMaxQueue,
          timeoutMs: config.queue.timeoutMs,
          log,
        })
      : inProcessEngine;
  const removalRepo = createRemovalRepo(transactor);
  const removal = createRemovalService({
    engine: options.engine ?? (ownEngine as ReturnType<typeof lazyEngine>).get,
    removeBackground: createRemoveBackgroundWorkflow({ transactor, litres, repo: removalRepo, log }),
    repo: removalRepo,
    now,
    // A retry waits for its key's first request as long as a removal may wait for its result.
    keyWaitMs: config.queue.timeoutMs,
    litreCostFull: stores.constants().litreCostFull,
    litresOf: async (holder) => (await litres.balance(holder)).total,
    fetchOptions: {
      maxBytes: imageLimits.maxFileBytes,
      timeoutMs: 15_000,
      maxRedirects: 3,
      isAllowed: options.isFetchAllowed,
    },
  });
  const passports = createPassportService({
    passports: config.passports,
    repo: createPassportsRepo(transactor),
    accounts: registration,
    now,
  });

  // The storefront's second half: delivery and contacts, payments, orders, the cart and checkout.
  const addresses = createGazetteerSuggester();
  const deliveryRepo = createDeliveryRepo(transactor);
  const delivery = createDeliveryService({ repo: deliveryRepo });
  const cartRepo = createCartRepo(transactor);
  const subscriptionsRepo = createSubscriptionsRepo(transactor);
  const plans = createPlansService({ repo: subscriptionsRepo, catalog });
  const subscriptions = createSubscriptionsService({
    repo: subscriptionsRepo,
    transactor,
    ledger,
    catalog,
    now,
  });
  const promotions = createPromotionsService({ repo: createPromotionsRepo(transactor), transactor, now });
  const vouchers = createVouchersService({
    repo: createVouchersRepo(transactor),
    transactor,
    ledger,
    subscriptions,
    planNames: (productId, language) => subscriptions.planName(productId, language),
    mailer,
    limiter,
    siteUrl: config.siteUrl,
    now,
  });
  const contactSets = createContactSetsService({
    repo: createContactSetsRepo(transactor),
    delivery: deliveryRepo,
    countryOf: async (id) => (await addresses.settlementById(id, 'en'))?.countryCode ?? null,
    onDeleted: (id) => cartRepo.forgetContactSet(id),
    now,
  });
  // The demo acquirer plays an outside provider: its own unit of work, never joined to ours.
  const demoAcquirer = config.payments.demo
    ? createDemoAcquirer({ repo: createDemoAcquirerRepo(createTransactor(database.db)), now })
    : null;
  const providers: PaymentProvider[] = [];
  // Settling a payment marks its order paid: the orders service is made below, after payments.
  let orders: OrdersService | undefined;
  const ordersRepo = createOrdersRepo(transactor);
  const payments = createPaymentsService({
    repo: createPaymentsRepo(transactor),
    transactor,
    providers,
    onPaid: async (payment) => {
      await (orders as OrdersService).markPaid(payment.orderId);
    },
    wallet: accounts.personalAccount,
    afterPaid: async (payment) => {
      const order = await ordersRepo.find(payment.orderId);
      if (order) await orderMail.sendPaid(order);
    },
    afterDuplicateReturned: async (refund) => {
      const order = await ordersRepo.find(refund.orderId);
      if (order) await orderMail.sendDuplicateReturned(order, refund);
    },
    log,
    now,
  });
  if (demoAcquirer && config.payments.demo) {
    providers.push(
      createDemoProvider({
        acquirer: demoAcquirer,
        baseUrl: `${config.siteUrl}/demo-acquirer`,
        webhookSecret: config.payments.demo.secret,
        // The demo acquirer lives in this process: its notifications come straight to the handler.
        notify: async (request) => {
          await payments.webhook('demo', { ...request, client: '127.0.0.1' });
        },
        onNotifyError: (error) => log.error({ err: error }, 'demo acquirer notification failed'),
        now,
      }),
    );
  }
  const { yookassa, stripe } = config.payments;
  if (yookassa) {
    providers.push(
      createYooKassaProvider({
        shopId: yookassa.shopId,
        secretKey: yookassa.secretKey,
        apiUrl: yookassa.apiUrl,
        allowedNotificationSources: yookassa.notificationSources,
      }),
    );
  }
  if (stripe) providers.push(createStripeProvider(stripe));

  const fulfilment = createOrderFulfilment({
    ledger,
    bonusPoints: accounts.bonusPoints,
    subscriptions,
    vouchers,
  });
  orders = createOrdersService({
    repo: ordersRepo,
    transactor,
    fulfilment,
    returnStock: (lines) => catalog.returnStock(lines),
    placeLine: (contacts, language) => contactSets.placeLine(contacts, language),
    returnPromoCode: (orderId) => promotions.release(orderId),
    returnBonusPoints: (order) => accounts.bonusPoints.giveBack(order, order.bonusPointOutcome, 'cancel'),
    // An order with nothing to pay is paid at checkout: its mail goes from here.
    onPaid: (order) => {
      orderMail
        .sendPaid(order)
        .catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'order mail failed'));
    },
    now,
  });
  const refunds = createRefundsService({
    repo: ordersRepo,
    transactor,
    fulfilment,
    payments,
    bonusPoints: accounts.bonusPoints,
    pointValue: bonusPointValue,
    returnPromoCode: (orderId) => promotions.release(orderId),
    now,
  });
  const cart = createCartService({
    repo: cartRepo,
    transactor,
    catalog,
    delivery,
    contactSets,
    paymentOptions: (viewer) => payments.options(viewer),
    promotions,
    planQuote: (input) => subscriptions.quote(input),
    bonusPoints: accounts.bonusPoints.balance,
    personalAccountBalance: accounts.personalAccount.balance,
    now,
  });
  const checkout = createCheckoutService({
    workflow: createCheckoutWorkflow({
      transactor,
      cart,
      takeStock: (lines, options) => catalog.takeStock(lines, options),
      deliveryNames: (id) => delivery.namesOf(id),
      repo: ordersRepo,
      orders,
      payments,
      promotions,
      spendBonusPoints: ({ userId, points, orderId }) =>
        accounts.bonusPoints.spend({ id: orderId, userId }, points),
      log,
      now,
    }),
    orders,
    payments,
    siteOrigins: config.siteOrigins,
  });

  /** The seller as the store's partner names it, in a language: invoices and the pages' texts. */
  const seller = async (language: Language) => {
    const { snapshot } = await stores.resolve({
      storeId: undefined,
      tenantClientId: undefined,
      localeId: undefined,
      currencyId: undefined,
    });
    const partner = snapshot.partner;
    const text = (value: Record<string, string> | undefined) => (value ? localized(value, language) : '');
    return {
      name: snapshot.store.name,
      legalName: text(partner?.legalName) || snapshot.store.name,
      taxId: partner?.taxId ?? null,
      address: text(partner?.address),
      email: partner?.email ?? '',
      phone: partner?.phone ?? '',
    };
  };

  const invoices = createInvoiceService({
    orders,
    seller,
    buyer: async (order) => {
      const user = await users.findById(order.userId);
      return {
        name: user?.fullName || user?.email || '',
        email: user?.email ?? null,
        phoneNumber: user?.phoneNumber ?? null,
      };
    },
    setContents: async (productId, order, language) => {
      const viewer = {
        language,
        currency: { id: order.currency, characterCode: order.currency },
        userId: null,
      };
      const set = await catalog.get(productId, viewer).catch(() => null);
      if (!set?.product.productSet) return null;
      const items = await Promise.all(
        set.product.productSet.items.map(async (item) => {
          const part = await catalog.get(item.productId, viewer).catch(() => null);
          return {
            name: item.name,
            quantity: item.quantity,
            unitPriceMinor: part?.price?.amountMinor ?? null,
          };
        }),
      );
      return { items };
    },
    paymentMethod: async (order, language) => {
      if (!order.paymentOptionId) return null;
      const option = (await payments.options({ language, currency: { characterCode: order.currency } })).find(
        (candidate) => candidate.id === order.paymentOptionId,
      );
      return option?.name ?? null;
    },
  });

  const pages = createPagesService({
    repo: createPagesRepo(transactor),
    transactor,
    placeholders: async (language) => {
      const details = await seller(language);
      return {
        'seller.name': details.name,
        'seller.legalName': details.legalName,
        'seller.address': details.address,
        'seller.email': details.email,
        'seller.phone': details.phone,
        'site.url': config.siteUrl,
      };
    },
    now,
  });

  const newsletter = createNewsletterService({
    repo: createNewsletterRepo(transactor),
    transactor,
    pages,
    mailer,
    limiter,
    siteUrl: config.siteUrl,
    log,
    now,
  });

  const forms = createFormsService({
    repo: createFormsRepo(transactor),
    mailer,
    limiter,
    storeEmail: async () => (await seller('en')).email || null,
    log,
    now,
  });

  const orderMail = createOrderMail({
    mailer,
    invoices,
    recipientOf: async (order) => (await users.findById(order.userId))?.email ?? null,
    codesOf: async (order, language) => {
      const items = await ordersRepo.itemsOf([order.id]);
      return vouchers.ofOrderItems(
        items.map((item) => item.id),
        language,
      );
    },
    siteUrl: config.siteUrl,
  });

  return {
    stores,
    addresses,
    invoices,
    delivery,
    contactSets,
    cart,
    promotions,
    vouchers,
    plans,
    subscriptions,
    payments,
    demoAcquirer,
    orders,
    refunds,
    pages,
    sitePageHead: createSitePageHeads({ pages }),
    forms,
    newsletter,
    checkout,
    limiter,
    outbox,
    users,
    registration,
    permissions,
    passwords,
    ledger,
    accounts,
    litres,
    apiKeys,
    files,
    catalog,
    catalogRecords,
    catalogPageHead,
    productSegments,
    clientErrors,
    removal,
    passports,
    dependencies,
    /**
     * Starts this process's own engine ahead of the first removal; nothing where the engine is
     * given or the removals go through the queue to the workers (they start their own).
     */
    preloadEngine: async () => {
      await inProcessEngine?.preload();
    },
    /** Stops what the services started (the engine's workers). */
    close: async () => {
      await ownEngine?.close();
      redis?.disconnect();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
