import type { Money } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import {
  chosenItems,
  clampQuantity,
  type FeatureItem,
  featureGroups,
  localizedText,
  maxFreeQuantity,
  quantityChoice,
  totalPrice,
  unitPrice,
} from './product-offer.ts';

const rub = (amountMinor: number): Money => ({ amountMinor, currency: 'RUB' });

const item = (featureId: string, value: string, price: Money | null = null): FeatureItem => ({
  id: `${featureId}-${value}`,
  featureId,
  featureName: { en: featureId },
  value,
  displayName: { en: value },
  price,
  image: null,
});

describe('quantityChoice', () => {
  it.each([
    {
      case: 'a limited range',
      limit: true,
      range: '1,2,5-7',
      stock: 40,
      expected: { kind: 'list', values: [1, 2, 5, 6, 7] },
    },
    {
      case: 'a range above the stock',
      limit: true,
      range: '1,2,5-7',
      stock: 5,
      expected: { kind: 'list', values: [1, 2, 5] },
    },
    {
      case: 'a range of unlimited goods',
      limit: true,
      range: '10-12',
      stock: null,
      expected: { kind: 'list', values: [10, 11, 12] },
    },
    {
      case: 'a range all above the stock',
      limit: true,
      range: '5-7',
      stock: 3,
      expected: { kind: 'list', values: [] },
    },
    {
      case: 'a range without the limit on',
      limit: false,
      range: '1,2',
      stock: 8,
      expected: { kind: 'number', max: 8 },
    },
    { case: 'a mistyped range', limit: true, range: '1,x', stock: 8, expected: { kind: 'number', max: 8 } },
    { case: 'no range', limit: true, range: null, stock: 8, expected: { kind: 'number', max: 8 } },
    {
      case: 'unlimited goods',
      limit: false,
      range: null,
      stock: null,
      expected: { kind: 'number', max: maxFreeQuantity },
    },
    { case: 'none in stock', limit: false, range: null, stock: 0, expected: { kind: 'number', max: 0 } },
  ])('offers $expected.kind for $case', ({ limit, range, stock, expected }) => {
    expect(
      quantityChoice({ useQuantityLimit: limit, quantityLimitRange: range, availableQuantity: stock }),
    ).toEqual(expected);
  });
});

describe('clampQuantity', () => {
  it.each([
    [5, 10, 5],
    [0, 10, 1],
    [-3, 10, 1],
    [12, 10, 10],
    [2.7, 10, 2],
    [Number.NaN, 10, 1],
    [3, 0, 1],
  ])('brings %s within 1..%s as %s', (value, max, expected) => {
    expect(clampQuantity(value, max)).toBe(expected);
  });
});

describe('feature items', () => {
  const white = item('colour', 'white');
  const black = item('colour', 'black', rub(300_000));
  const small = item('size', 's', rub(100_000));
  const large = item('size', 'l', rub(200_000));

  it('are grouped by feature in the order the offer lists them', () => {
    expect(featureGroups([white, small, black, large])).toEqual([
      { featureId: 'colour', featureName: { en: 'colour' }, items: [white, black] },
      { featureId: 'size', featureName: { en: 'size' }, items: [small, large] },
    ]);
  });

  it.each<{ case: string; requested: Record<string, string>; expected: FeatureItem[] }>([
    { case: 'nothing requested', requested: {}, expected: [white, small] },
    { case: 'a known value', requested: { colour: 'black' }, expected: [black, small] },
    { case: 'an unknown value', requested: { colour: 'pink', size: 'l' }, expected: [white, large] },
  ])('are chosen by the query: $case', ({ requested, expected }) => {
    expect(chosenItems(featureGroups([white, black, small, large]), requested)).toEqual(expected);
  });

  it.each([
    { case: 'no items', chosen: [], expected: rub(250_000) },
    { case: 'an item without a price', chosen: [white], expected: rub(250_000) },
    { case: 'an item with a price', chosen: [black], expected: rub(300_000) },
    { case: 'two priced items: the last', chosen: [black, large], expected: rub(200_000) },
  ])('set the unit price: $case', ({ chosen, expected }) => {
    expect(unitPrice(rub(250_000), chosen)).toEqual(expected);
  });

  it('leave no price without one', () => {
    expect(unitPrice(null, [white])).toBeNull();
    expect(totalPrice(null, 3)).toBeNull();
    expect(totalPrice(rub(1_050), 3)).toEqual(rub(3_150));
  });
});

describe('localizedText', () => {
  it.each([
    [{ en: 'Box', ru: 'Коробка' }, 'ru', 'Коробка'],
    [{ en: 'Box', ru: '' }, 'ru', 'Box'],
    [{ en: 'Box' }, 'ru', 'Box'],
    [{ de: 'Kiste' }, 'ru', 'Kiste'],
    [{}, 'en', ''],
  ])('picks from %j in %s: %s', (text, language, expected) => {
    expect(localizedText(text, language)).toBe(expected);
  });
});
