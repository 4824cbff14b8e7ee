import type { FileRef, ImageSize } from '@cutout/contracts';
import { apiBase } from '../api/client.ts';

/**
 * The URL of a stored image in a size (SPEC §7.7 files: thumbnail unless told); `t` makes it
 * cacheable for good until the file changes.
 */
export function imageUrl(ref: FileRef, size: ImageSize = 'thumbnail'): string {
  return `${apiBase}/files/${encodeURIComponent(ref.id)}/size/${size}/download?t=${encodeURIComponent(ref.updatedAt)}`;
}
