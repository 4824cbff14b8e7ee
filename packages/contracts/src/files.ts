import { z } from './zod.ts';

/**
 * The sizes an image is answered in (SPEC §7.7 files): each a square box the picture is fitted
 * inside without enlarging it; `original` is the stored file as it was given.
 */
export const imageSizes = ['thumbnail', 'small', 'medium', 'large', 'original'] as const;
export type ImageSize = (typeof imageSizes)[number];

/** The box of each resized size, in pixels (width and height at most). */
export const imageSizeBoxes: Record<Exclude<ImageSize, 'original'>, number> = {
  thumbnail: 160,
  small: 320,
  medium: 640,
  large: 1280,
};

/** The size the web asks for when it has no better idea (SPEC §9). */
export const defaultImageSize: ImageSize = 'thumbnail';

/** A stored file as other answers name it (SPEC §3 File): its id and when it last changed. */
export const fileRefSchema = z.object({ id: z.string(), updatedAt: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;

/** GET /files/{id}/size/{size}/download: the path's parameters. */
export const fileDownloadParamsSchema = z.object({
  id: z.string().min(1).max(200),
  size: z.enum(imageSizes),
});

/** Its query: `t` (any text, the file's updatedAt by convention) makes the answer cacheable for good. */
export const fileDownloadQuerySchema = z.object({
  t: z.string().max(200).optional(),
  tenantClientId: z.string().max(200).optional(),
});
