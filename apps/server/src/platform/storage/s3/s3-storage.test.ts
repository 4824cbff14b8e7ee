import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKey } from '../storage.port.ts';
import { createS3Storage, type S3StorageOptions, StorageRefused } from './s3-storage.ts';

/** The storage port on a real S3-compatible server (s3rver, started here on a free port). */
describe('S3 file storage', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'cutout-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'cutout-files', configs: [] }],
  });
  let options: S3StorageOptions;
  let storage: ReturnType<typeof createS3Storage>;

  beforeAll(async () => {
    const { port } = (await server.run()) as AddressInfo;
    options = {
      bucket: 'cutout-files',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'shop-1/',
    };
    storage = createS3Storage(options);
  });
  afterAll(async () => {
    storage.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps bytes under a key, reads, checks and deletes them', async () => {
    expect(await storage.put('invoices/2026/1.pdf', Buffer.from('%PDF bytes'))).toEqual({
      key: 'invoices/2026/1.pdf',
      size: 10,
    });
    expect((await storage.getBytes('invoices/2026/1.pdf'))?.toString()).toBe('%PDF bytes');
    expect(await storage.exists('invoices/2026/1.pdf')).toBe(true);
    expect(storage.uriOf('invoices/2026/1.pdf')).toBe('s3://cutout-files/shop-1/invoices/2026/1.pdf');
    expect(await storage.delete('invoices/2026/1.pdf')).toBe(true);
    expect(await storage.exists('invoices/2026/1.pdf')).toBe(false);
    expect(await storage.delete('invoices/2026/1.pdf')).toBe(false);
  });

  it('answers null for a missing object, as a file and as a stream', async () => {
    expect(await storage.getBytes('nothing/here.png')).toBeNull();
    expect(await storage.getStream('nothing/here.png')).toBeNull();
    expect(await storage.exists('nothing/here.png')).toBe(false);
  });

  it('writes from a stream and reads as a stream, replacing the object whole', async () => {
    await storage.put('covers/a.svg', Buffer.from('old'));
    const written = await storage.put('covers/a.svg', Readable.from([Buffer.from('part one, '), 'part two']));
    expect(written.size).toBe(18);
    const stream = await storage.getStream('covers/a.svg');
    expect(stream && (await text(stream))).toBe('part one, part two');
  });

  it('keeps the prefix: another installation in the same bucket sees none of these files', async () => {
    await storage.put('shared-name.txt', Buffer.from('ours'));
    const other = createS3Storage({ ...options, prefix: 'shop-2/' });
    expect(await other.getBytes('shared-name.txt')).toBeNull();
    other.close();
  });

  it('refuses a key that could name something else, before any request', async () => {
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.getBytes('/absolute')).rejects.toBeInstanceOf(InvalidStorageKey);
  });

  it('says which bucket refused what and why: wrong credentials, a missing bucket', async () => {
    // s3rver checks the key id (not every signature): an unknown key stands for bad credentials.
    const unknownKey = createS3Storage({ ...options, accessKeyId: 'NOBODY' });
    const refused = await unknownKey.put('a.txt', Buffer.from('x')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageRefused);
    expect((refused as StorageRefused).storeCode).toBe('InvalidAccessKeyId');
    expect((refused as Error).message).toMatch(/bucket "cutout-files".*S3_SECRET_ACCESS_KEY is wrong/);
    // A read refused for its credentials is an error, never taken for a missing file.
    await expect(unknownKey.getBytes('a.txt')).rejects.toBeInstanceOf(StorageRefused);
    await expect(unknownKey.exists('a.txt')).rejects.toBeInstanceOf(StorageRefused);
    // A HEAD answer has no body: its 403 is all there is to say.
    await expect(unknownKey.check()).rejects.toMatchObject({ storeCode: 'AccessDenied' });
    unknownKey.close();

    const noBucket = createS3Storage({ ...options, bucket: 'no-such-bucket' });
    await expect(noBucket.check()).rejects.toMatchObject({ storeCode: 'NoSuchBucket' });
    const missing = await noBucket.getBytes('a.txt').catch((error: unknown) => error);
    expect(missing).toMatchObject({ storeCode: 'NoSuchBucket' });
    expect((missing as Error).message).toMatch(/bucket does not exist/);
    noBucket.close();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
