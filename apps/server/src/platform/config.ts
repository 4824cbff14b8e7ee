import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineMemory } from '@cutout/engine';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  FILES_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  DEFAULT_STORE_ID: z.string().min(1).default('cutout'),
  /** How long a catalogue list page is shared by its viewers before it is read again; 0 turns it off. */
  /** The token the operator's calls (product segments) need in x-operator-token; unset: they are off. */
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  ANALYTICS_COUNTER_ID: z.string().regex(/^\d+$/, 'must be a numeric counter id').optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cutout <no-reply@cutout.example>'),
  OUTBOX_PAGE: booleanFromEnv.optional(),
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_MAX_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** The foreground-type detector behind the public API's X-Type (type=auto); off saves its CPU and memory. */
  ENGINE_CLASSIFIER: booleanFromEnv.default(true),
  /**
   * The network's memory budget (the engine's EngineConfig.memory): lean (least memory at peak),
   * fast (int8 previews, and ORT's arena where a calibration on this machine found it faster), max
   * (int8 previews and both networks' arenas kept: for VMs whose host takes freed memory back), auto
   * (fast with 2 GiB or more per inference worker).
   */
  ENGINE_MEMORY: z.enum(['lean', 'fast', 'max', 'auto']).default('auto'),
  /**
   * Start the engine (its workers, the model, the warm-up) as the server starts listening, so that
   * the first removal does not wait for it; false starts it on the first removal.
   */
  ENGINE_PRELOAD: booleanFromEnv.default(true),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The built-in demo acquirer (test cards, no money moves): on unless turned off. */
  DEMO_ACQUIRER: booleanFromEnv.default(true),
  /** The demo acquirer's webhook signing secret; unset: a new random one each start. */
  DEMO_ACQUIRER_SECRET: z.string().min(16).optional(),
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.yookassa.ru/v3'),
  /** Extra addresses (comma-separated IPs) YooKassa notifications are accepted from, beside its own. */
  YOOKASSA_NOTIFICATION_SOURCES: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Connections the PostgreSQL pool of each process may open. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Scale-out: Redis for the inference queue, scheduled jobs, rate limits and the mask cache. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Scale-out: files in S3-compatible object storage instead of DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, 'must be folder names each ending in /, such as cutout/')
    .default(''),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Scale-out: the first part of every Redis key of the queues, the job data and the masks. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, dots, dashes or underscores')
    .default('cutout'),
  /** Scale-out: how long a job stays locked to a worker that stopped renewing the lock (killed, cut off). */
  QUEUE_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Scale-out: how long a web process waits for a queued removal's result. */
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
});

/** The variables the configuration reads (beside PASSPORTS and its PASSPORT_<SLUG>_* family). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The local file storage's root: FILES_DIR, else DATA_DIR/files. */
  filesDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Redis for scale-out (inference queue, scheduled jobs, rate limits, mask cache); unset: in-process. */
  redisUrl: string | undefined;
  /** S3-compatible file storage; null: files under filesDir. */
  s3: S3Config | null;
  /** The inference queue and scheduled jobs on Redis (used only with redisUrl). */
  queue: {
    /** The first part of every Redis key of the queues, the job data and the masks. */
    prefix: string;
    /**
     * How long a job stays locked to a worker that stopped renewing the lock; the stalled check runs
     * at the same interval, so such a job goes back to the queue within about twice this.
     */
    lockMs: number;
    /** How long a web process waits for a removal's result. */
    timeoutMs: number;
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  defaultStoreId: string;
  /** How long a catalogue list page and its count are shared before they are read again (0: never). */
  catalogCacheMs: number;
  /** The payment providers to offer: the demo acquirer, and those whose credentials are set. */
  payments: {
    demo: { secret: string } | null;
    yookassa: { shopId: string; secretKey: string; apiUrl: string; notificationSources: string[] } | null;
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  };
  /** The token of the operator's calls (x-operator-token); undefined: they are off. */
  operatorToken: string | undefined;
  webDistDir: string;
  analyticsCounterId: string | undefined;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** PUBLIC_URL as configured; unset on a machine of one's own. */
  publicUrl: string | undefined;
  /**
   * The origins this site is reached at: PUBLIC_URL's, or the loopback addresses of PORT when it is
   * unset. Links in mail and the sign-in callback are built only from these, never from a request's
   * Host header; cross-site checks accept them (and the request's own origin).
   */
  siteOrigins: string[];
  /** The address links in mail start with: PUBLIC_URL, or http://localhost:PORT. */
  siteUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The page that shows the mail and SMS outbox: only in development or when asked for. */
  outboxPage: boolean;
  passports: PassportConfig[];
  /** Inference worker threads; unset → the engine's default for the cores. */
  engineWorkers: number | undefined;
  engineMaxQueue: number;
  /** Detect the foreground type for the public API's X-Type when the caller leaves type=auto. */
  engineClassifier: boolean;
  engineMemory: EngineMemory;
  enginePreload: boolean;
  apiRequestsPerMinute: number;
};

/** Where files go in S3-compatible object storage (AWS, MinIO, Yandex Object Storage…). */
export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
  forcePathStyle: boolean;
}

/** S3_* settings: none set is the local store; a bucket needs both keys. */
function readS3(e: z.infer<typeof envSchema>, problems: string[]): S3Config | null {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)
      problems.push('S3_BUCKET: required when any S3_ setting is given');
    return null;
  }
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
    return null;
  }
  return {
    bucket: e.S3_BUCKET,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    prefix: e.S3_PREFIX,
    // Self-hosted servers (MinIO) want the bucket in the path; AWS takes it in the host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  };
}

/** An external sign-in provider (passport): any OpenID Connect issuer. */
export interface PassportConfig {
  slug: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  iconUrl: string | null;
}

/**
 * Reads PASSPORTS=slug1,slug2 and, for each slug, PASSPORT_<SLUG>_ISSUER, _CLIENT_ID,
 * _CLIENT_SECRET, and optionally _NAME and _ICON_URL.
 */
function readPassports(env: Record<string, string | undefined>, problems: string[]): PassportConfig[] {
  const slugs = (env.PASSPORTS ?? '')
    .split(',')
    .map((slug) => slug.trim())
    .filter(Boolean);
  return slugs.flatMap((slug) => {
    if (!/^[a-z0-9-]+$/.test(slug)) {
      problems.push(`PASSPORTS="${env.PASSPORTS}": "${slug}" must be lower-case letters, digits or dashes`);
      return [];
    }
    const prefix = `PASSPORT_${slug.toUpperCase().replaceAll('-', '_')}_`;
    const read = (name: string) => env[prefix + name];
    const missing = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].filter((name) => !read(name));
    if (missing.length > 0) {
      problems.push(
        `${missing.map((name) => prefix + name).join(', ')}: required for the passport "${slug}"`,
      );
      return [];
    }
    if (!/^https?:\/\//.test(read('ISSUER') ?? '')) {
      problems.push(`${prefix}ISSUER="${read('ISSUER')}": must be an http(s) URL`);
      return [];
    }
    return [
      {
        slug,
        name: read('NAME') ?? slug,
        issuer: read('ISSUER') ?? '',
        clientId: read('CLIENT_ID') ?? '',
        clientSecret: read('CLIENT_SECRET') ?? '',
        iconUrl: read('ICON_URL') ?? null,
      },
    ];
  });
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and validates the configuration from environment variables; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      });
  const passports = readPassports(present, problems);
  const s3 = parsed.success ? readS3(parsed.data, problems) : null;
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const loopback = [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`];
  const siteOrigins = e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).origin] : loopback;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    s3,
    queue: { prefix: e.QUEUE_PREFIX, lockMs: e.QUEUE_LOCK_MS, timeoutMs: e.ENGINE_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    defaultStoreId: e.DEFAULT_STORE_ID,
    catalogCacheMs: e.CATALOG_CACHE_SECONDS * 1000,
    payments: {
      demo: e.DEMO_ACQUIRER ? { secret: e.DEMO_ACQUIRER_SECRET ?? randomBytes(32).toString('hex') } : null,
      yookassa:
        e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
          ? {
              shopId: e.YOOKASSA_SHOP_ID,
              secretKey: e.YOOKASSA_SECRET_KEY,
              apiUrl: e.YOOKASSA_API_URL,
              notificationSources: (e.YOOKASSA_NOTIFICATION_SOURCES ?? '')
                .split(',')
                .map((ip) => ip.trim())
                .filter(Boolean),
            }
          : null,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : null,
    },
    operatorToken: e.OPERATOR_TOKEN,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    analyticsCounterId: e.ANALYTICS_COUNTER_ID,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    siteOrigins,
    siteUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : (loopback[0] as string),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Codes and reset links sit in the outbox: showing it to anyone is an account takeover.
    outboxPage: e.OUTBOX_PAGE ?? e.NODE_ENV === 'development',
    passports,
    engineWorkers: e.ENGINE_WORKERS,
    engineMaxQueue: e.ENGINE_MAX_QUEUE,
    engineClassifier: e.ENGINE_CLASSIFIER,
    engineMemory: e.ENGINE_MEMORY,
    enginePreload: e.ENGINE_PRELOAD,
    apiRequestsPerMinute: e.API_REQUESTS_PER_MINUTE,
  };
}

/**
 * What a production start without some settings does, said loudly at start: each line names the
 * variable and the consequence.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env !== 'production') return warnings;
  if (!config.publicUrl) {
    warnings.push(
      `PUBLIC_URL is not set: links in mail and the sign-in callback point at ${config.siteUrl}, ` +
        'so they work only on this machine. Set PUBLIC_URL to the address users reach the site at.',
    );
  }
  if (!config.smtpUrl) {
    warnings.push(
      'SMTP_URL is not set: no mail or SMS is delivered. Verification codes and reset links are ' +
        'written to this log (and kept in the outbox table) instead. Set SMTP_URL before real users sign up.',
    );
  }
  if (config.outboxPage) {
    warnings.push(
      'OUTBOX_PAGE is on: anyone who can reach /dev/outbox reads every verification code and reset ' +
        'link, and can take over any account. Never turn it on where strangers can reach the site.',
    );
  }
  return warnings;
}
