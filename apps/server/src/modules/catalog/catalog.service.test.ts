import { describe, expect, it } from 'vitest';
import { offeredFeatureItems } from './catalog.present.ts';
import type { ProductGroupRow } from './catalog.repo.ts';
import { groupWithSubgroups, searchWordsOf, sortOf } from './catalog.service.ts';

const group = (id: string, parentId: string | null, slug = id): ProductGroupRow => ({
  id,
  parentId,
  slug,
  name: { en: id },
  description: {},
  priority: 0,
});

describe('catalogue rules', () => {
  it('cuts a search to plain words, so that nothing reaches to_tsquery as syntax', () => {
    expect(searchWordsOf("Фоны & paper:* | !(x) 'y'")).toEqual(['фоны', 'paper', 'x', 'y']);
    expect(searchWordsOf(' & | ')).toEqual([]);
    expect(searchWordsOf('a b c d e f g h i j')).toHaveLength(8);
  });

  it('finds a group by id or slug with every group under it', () => {
    const tree = [group('root', null, 'r'), group('a', 'root'), group('b', 'a'), group('other', null)];
    expect(groupWithSubgroups(tree, 'r')).toEqual(['root', 'a', 'b']);
    expect(groupWithSubgroups(tree, 'a')).toEqual(['a', 'b']);
    expect(groupWithSubgroups(tree, 'missing')).toEqual([]);
  });

  it('reads orders as property and direction, priority asc by default', () => {
    expect(sortOf(undefined)).toEqual([{ property: 'priority', direction: 'asc' }]);
    expect(sortOf('price DESC')).toEqual([{ property: 'price', direction: 'desc' }]);
    expect(sortOf(['createdAt', 'name asc'])).toEqual([
      { property: 'createdAt', direction: 'asc' },
      { property: 'name', direction: 'asc' },
    ]);
  });

  it.each([
    [
      'its own items, as they are',
      'use_by_product',
      ['colour', 'size'],
      ['size:m', 'colour:white', 'finish:matte'],
    ],
    [
      "its kind's features only, in the kind's order",
      'use_by_kind',
      ['colour', 'size'],
      ['colour:white', 'size:m'],
    ],
    ['nothing when the kind names none of them', 'use_by_kind', ['weight'], []],
  ])('offers %s', (_, useFeatureOption, featureIds, expected) => {
    const items = ['size:m', 'colour:white', 'finish:matte'].map((text) => {
      const [featureId = '', value = ''] = text.split(':');
      return { featureId, value };
    });
    const kind = { id: 'kind', name: { en: 'Kind' }, featureIds };
    expect(
      offeredFeatureItems(items, { useFeatureOption }, kind).map((item) => `${item.featureId}:${item.value}`),
    ).toEqual(expected);
  });
});
