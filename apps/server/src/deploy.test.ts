import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables, loadConfig } from './platform/config.ts';

/**
 * deploy/compose.yaml cannot be started here (no Docker registry): this keeps it right instead. Every
 * variable given to our image is one the configuration reads, and each service's environment, with
 * compose's ${VAR:-default} filled from its defaults, passes the same validation a start does.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = parse(readFileSync(path.join(repo, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      command?: string[];
      environment?: Record<string, string>;
      deploy?: { replicas?: number };
      depends_on?: Record<string, unknown> | string[];
    }
  >;
};

/** Compose's substitution with the defaults: ${NAME:-default} → default, ${NAME} → '', $$ → $. */
function substitute(value: string): string {
  return String(value)
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+\}/g, '')
    .replaceAll('$$', '$');
}

const ours = Object.entries(compose.services).filter(([, service]) => service.image === 'cutout:latest');

describe('deploy/compose.yaml', () => {
  it('runs two web processes and two workers of our image beside PostgreSQL, Redis and MinIO', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['web', 'worker', 'postgres', 'redis', 'minio', 'proxy']),
    );
    expect(compose.services.web?.deploy?.replicas).toBe(2);
    expect(compose.services.worker?.deploy?.replicas).toBe(2);
    // Through the engine's launcher: glibc's settings for this host (packages/engine/src/launch.mjs).
    expect(compose.services.worker?.command).toEqual([
      'node',
      'packages/engine/src/launch.mjs',
      'apps/server/src/worker.ts',
    ]);
    expect(ours.map(([name]) => name).sort()).toEqual(['web', 'worker']);
  });

  it('gives our image only variables the configuration knows, each valid', () => {
    for (const [name, service] of ours) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, substitute(value)]),
      );
      const unknown = Object.keys(environment).filter(
        (key) => !configVariables.includes(key) && !/^PASSPORTS?(_[A-Z0-9_]+)?$/.test(key),
      );
      expect(unknown, name).toEqual([]);
      const config = loadConfig(environment);
      expect(config.redisUrl, name).toBe('redis://redis:6379/0');
      if (name === 'web') {
        expect(config.databaseUrl).toMatch(/^postgres:\/\/cutout:.*@postgres:5432\/cutout$/);
        expect(config.s3).toMatchObject({ bucket: 'cutout-files', endpoint: 'http://minio:9000' });
        expect(config.trustProxy).toBe(true);
      }
    }
  });

  it('names only services that exist in depends_on', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const needs = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {});
      for (const need of needs) expect(compose.services, `${name} → ${need}`).toHaveProperty(need);
    }
  });
});
