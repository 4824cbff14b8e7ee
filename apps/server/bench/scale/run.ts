// What one bench run holds and must give back: scratch PostgreSQL databases, temp folders, Redis key
// prefixes and child processes. Everything is released by `close()`, in reverse order, on success
// and on failure; children still alive when the bench process exits are killed then.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dropKeysUnder } from '../../src/platform/queue/redis-keys.testing.ts';

export interface RunSettings {
  /** A PostgreSQL server's URL whose user may create databases (a scratch one is made per run). */
  postgresUrl: string;
  redisUrl: string;
}

export class BenchRun {
  readonly id = `${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly #cleanups: Array<{ what: string; run: () => Promise<void> }> = [];
  /** Kill switches of the children still running, for the synchronous exit handler. */
  readonly children = new Set<() => void>();
  #database: Promise<string> | undefined;

  constructor(readonly settings: RunSettings) {}

  /** Registers a clean-up step; steps run last-registered first. */
  defer(what: string, run: () => Promise<void>): void {
    this.#cleanups.push({ what, run });
  }

  /** A new temp folder, removed at the end. */
  async tempDir(what: string): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), `cutout-bench-${what}-`));
    this.defer(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A QUEUE_PREFIX of this run alone; every key under it is deleted at the end. */
  queuePrefix(part: string): string {
    const prefix = `bench-scale-${this.id}-${part}`;
    this.defer(`delete Redis keys under ${prefix}`, async () => {
      const redis = new Redis(this.settings.redisUrl, { maxRetriesPerRequest: 1 });
      try {
        await dropKeysUnder(redis, prefix);
      } finally {
        redis.disconnect();
      }
    });
    return prefix;
  }

  /** The run's scratch PostgreSQL database (one for all parts), dropped at the end. */
  postgres(): Promise<string> {
    this.#database ??= this.#createDatabase();
    return this.#database;
  }

  async #createDatabase(): Promise<string> {
    const name = `cutout_bench_scale_${this.id.replace('-', '_')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: this.settings.postgresUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    this.defer(`drop database ${name}`, () => admin(`drop database if exists ${name} with (force)`));
    const url = new URL(this.settings.postgresUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Runs every clean-up step, reporting (not throwing) the ones that fail. */
  async close(): Promise<void> {
    while (this.#cleanups.length > 0) {
      const step = this.#cleanups.pop();
      if (!step) break;
      try {
        await step.run();
      } catch (error) {
        console.error(`clean-up failed: ${step.what}: ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  /** Kills what is left at once: for the process's exit, where nothing asynchronous runs. */
  killChildren(): void {
    for (const kill of this.children) kill();
  }
}
