// Images for the scale bench: the engine's generated photo-like scenes (a lit backdrop, a subject of
// shaded shapes, grain). Each request gets different bytes (a JPEG comment), so no mask cache ever hits.
import { photoLike, withComment } from '@cutout/engine/photo-like';

/** `count` distinct requests' worth of images, made from a few generated scenes. */
export async function imageSet(options: {
  width: number;
  height: number;
  count: number;
  tag: string;
}): Promise<Buffer[]> {
  const scenes = await Promise.all(
    Array.from({ length: Math.min(4, options.count) }, (_, i) =>
      photoLike(options.width, options.height, i + 1),
    ),
  );
  return Array.from({ length: options.count }, (_, i) =>
    withComment(scenes[i % scenes.length] as Buffer, `bench ${options.tag} ${process.pid} ${i}`),
  );
}
