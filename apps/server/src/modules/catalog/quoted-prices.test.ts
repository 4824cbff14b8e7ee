import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMonthlyPrices } from './catalog.seed.ts';

const blog = path.resolve(import.meta.dirname, '../pages/content/blog');
const minor = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

/**
 * The English posts quote a plan's price in dollars with the roubles and euros beside it, since a
 * visitor sees roubles by default: each such quote must be a plan's price as the catalogue has it.
 */
describe('prices quoted by the blog', () => {
  it('are the plans’ monthly prices of the catalogue, in all three currencies', () => {
    const quotes = readdirSync(blog).flatMap((post) =>
      [
        ...readFileSync(path.join(blog, post, 'en.md'), 'utf8').matchAll(
          /\$(\d+\.\d\d) \(₽([\d,]+), €(\d+\.\d\d)\)/g,
        ),
      ].map(([, usd = '', rub = '', eur = '']) => ({
        post,
        USD: minor(usd),
        RUB: minor(rub),
        EUR: minor(eur),
      })),
    );
    expect(quotes.length).toBeGreaterThanOrEqual(4);
    const plans = Object.values(planMonthlyPrices);
    for (const { post, ...quoted } of quotes)
      expect(plans, `${post} quotes ${JSON.stringify(quoted)}`).toContainEqual(quoted);
  });
});
