/** @cutout/sdk/node: everything of @cutout/sdk, and images taken from file paths. */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { imageLimits } from '@cutout/contracts';
import type { ImageInput } from '@cutout/sdk';
import { tooLarge } from './inputs.ts';

// The main entry by its package name: the published node.js then shares its classes (instanceof).
export * from '@cutout/sdk';

/**
 * A file as an image input named after it. The file is read when it is sent (again on a retry), not
 * held; one over 32 MB is refused here, unread (RangeError).
 */
export async function fileInput(path: string): Promise<ImageInput> {
  const file = await openAsBlob(path);
  if (file.size > imageLimits.maxFileBytes) throw tooLarge(path);
  return { file, filename: basename(path) };
}
