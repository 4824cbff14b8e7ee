/**
 * @cutout/sdk: a typed client of the public API (remove.bg's API v1.0 dialect), for Node 20+ and
 * browsers. Only fetch, FormData, Blob, AbortSignal and TextEncoder are used here.
 */
export { CutoutClient } from './client.ts';
export { CutoutApiError, type CutoutApiErrorFields, CutoutNetworkError } from './errors.ts';
export type {
  Account,
  ClientOptions,
  ImageBytes,
  ImageInput,
  RemovalResult,
  RemoveOptions,
  SizeName,
} from './types.ts';
