import type { Config } from '../config.ts';
import { createLocalStorage } from './local/local-storage.ts';
import { createS3Storage } from './s3/s3-storage.ts';
import type { FileStorage } from './storage.port.ts';

/** The storage the configuration asks for: S3-compatible when S3_BUCKET is set, else DATA_DIR/files. */
export function createFileStorage(config: Pick<Config, 's3' | 'filesDir'>): FileStorage & {
  /** Throws when the store cannot be reached (readiness); the local folder always can. */
  check(): Promise<void>;
} {
  if (config.s3) return createS3Storage(config.s3);
  return { ...createLocalStorage({ root: config.filesDir }), check: async () => {} };
}
