import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from '../storage.port.ts';

/** Where and how to reach an S3-compatible bucket (AWS, MinIO, Yandex Object Storage…). */
export interface S3StorageOptions {
  bucket: string;
  /** The service's address; absent for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys under this prefix (`cutout/`), so that one bucket may serve several installations. */
  prefix?: string;
  /** `bucket` in the path rather than the host name: what MinIO and most self-hosted servers need. */
  forcePathStyle?: boolean;
}

/**
 * What the object store refused, said so that an operator knows what to fix: the bucket, the
 * operation and the store's own code (AccessDenied, NoSuchBucket, InvalidAccessKeyId…).
 */
export class StorageRefused extends Error {
  constructor(
    readonly operation: string,
    readonly bucket: string,
    readonly storeCode: string,
    cause: unknown,
  ) {
    super(
      `${storeCode}: the object store refused to ${operation} in bucket "${bucket}"${hintOf(storeCode)}`,
      {
        cause,
      },
    );
    this.name = 'StorageRefused';
  }
}

function hintOf(code: string): string {
  if (code === 'AccessDenied' || code === 'Forbidden')
    return ': the credentials lack permission for it (check the bucket policy of S3_ACCESS_KEY_ID)';
  if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch')
    return ': S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is wrong';
  if (code === 'NoSuchBucket') return ': the bucket does not exist (create it, or check S3_BUCKET)';
  return '';
}

/**
 * The store's code of a refusal. A HEAD answer has no body to carry one: its status says what it can
 * (`missingName` for a 404: a missing object or bucket, depending on what was asked).
 */
function storeCodeOf(error: S3ServiceException, missingName: string): string {
  if (error.name !== 'Unknown' && error.name !== 'NotFound' && error.name !== 'Forbidden') return error.name;
  const status = error.$metadata.httpStatusCode;
  if (status === 403) return 'AccessDenied';
  if (status === 404) return missingName;
  return error.name;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404) &&
  error.name !== 'NoSuchBucket';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Files in an S3-compatible bucket. A PUT replaces an object whole, so a reader sees the old file
 * or the new one, never a part: the port's atomicity comes with the protocol. A stream is read into
 * memory before it is sent (the files kept here are images and invoices, at most 32 MB), so that a
 * failed read sends nothing.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & {
  /** Checks that the bucket can be reached with these credentials (readiness). */
  check(): Promise<void>;
  close(): void;
} {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const { bucket } = options;
  const prefix = options.prefix ?? '';

  function objectKey(key: string): string {
    assertStorageKey(key);
    return `${prefix}${key}`;
  }

  /** Runs a call, answering `absent` for a missing object and a StorageRefused for a refusal. */
  async function call<T>(operation: string, work: () => Promise<T>, absent?: () => T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (absent && isMissing(error)) return absent();
      if (error instanceof S3ServiceException) {
        const missing = absent ? 'NoSuchKey' : 'NoSuchBucket';
        throw new StorageRefused(operation, bucket, storeCodeOf(error, missing), error);
      }
      throw error;
    }
  }

  return {
    scheme: 's3',

    async put(key, body) {
      const Key = objectKey(key);
      const bytes = body instanceof Uint8Array ? body : await readAll(body);
      await call('write an object', () =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentLength: bytes.length })),
      );
      return { key, size: bytes.length };
    },

    async getBytes(key) {
      const Key = objectKey(key);
      return call(
        'read an object',
        async () => {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        },
        () => null,
      );
    },

    async getStream(key) {
      const Key = objectKey(key);
      return call(
        'read an object',
        async () => {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          return answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        },
        () => null,
      );
    },

    async exists(key) {
      const Key = objectKey(key);
      return call(
        'look up an object',
        async () => {
          await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
          return true;
        },
        () => false,
      );
    },

    async delete(key) {
      // S3 deletes silently whether or not there was an object: the port answers which it was.
      if (!(await this.exists(key))) return false;
      const Key = objectKey(key);
      await call('delete an object', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })));
      return true;
    },

    uriOf(key) {
      return `s3://${bucket}/${objectKey(key)}`;
    },

    async check() {
      await call('reach the bucket', () => client.send(new HeadBucketCommand({ Bucket: bucket })));
    },

    close() {
      client.destroy();
    },
  };
}
