import type { RemovalOptions } from '../options.ts';
import type { TypeLevel } from './foreground-type.ts';

/**
 * The type a removal's result carries (remove.bg's X-Type): none for type_level none, the caller's
 * own type echoed when it named one, else what `detect` finds (undefined when it cannot tell).
 */
export async function resultType(
  options: Pick<RemovalOptions, 'type' | 'type_level'>,
  detect: ((level: Exclude<TypeLevel, 'none'>) => Promise<string | undefined>) | null,
): Promise<string | undefined> {
  const level = options.type_level;
  if (level === 'none') return undefined;
  if (options.type !== 'auto') return options.type;
  return detect ? detect(level) : undefined;
}
