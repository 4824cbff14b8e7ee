import { readFileSync } from 'node:fs';

/** The package's version, as `cutout --version` prints it. */
export const version: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
