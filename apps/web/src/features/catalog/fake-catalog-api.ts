import type {
  ProductFeature,
  ProductGroup,
  ProductTradeOffer,
  ProductTradeOfferList,
} from '../../shared/catalog/catalog-api.ts';

/**
 * For tests: the catalogue calls of the API over an in-memory catalogue, answered at fetch level,
 * each call recorded with its body. Only what the list screens read is modelled: paging, search in
 * names, the group (by id or slug, subgroups included), feature values and the favourites.
 */

export function offerFixture(
  overrides: {
    id?: string;
    name?: string;
    caption?: string;
    groupId?: string | null;
    amountMinor?: number | null;
    litres?: number | null;
    availableQuantity?: number | null;
    favorite?: boolean;
    colour?: string;
  } = {},
): ProductTradeOffer {
  const id = overrides.id ?? 'offer-1';
  const name = overrides.name ?? 'Folding light box';
  const amountMinor = overrides.amountMinor === undefined ? 199_000 : overrides.amountMinor;
  return {
    id,
    productId: `product-${id}`,
    product: {
      id: `product-${id}`,
      slugifyId: name.toLowerCase().replaceAll(/\W+/g, '-'),
      typeId: 'product_types.goods',
      unitId: 'pcs',
      groupId: overrides.groupId === undefined ? 'group_studio' : overrides.groupId,
      name,
      defaultName: name,
      displayName: { en: name },
      description: {},
      caption: overrides.caption ? { en: overrides.caption } : {},
      article: null,
      litres: overrides.litres ?? null,
      useQuantityLimit: false,
      quantityLimitRange: null,
      vatRatePercent: 22,
      useFeatureOptionId: 'use_feature_options.use_by_product',
      kindId: null,
      images: [],
      primaryImage: null,
    },
    availableQuantity: overrides.availableQuantity === undefined ? 5 : overrides.availableQuantity,
    price: amountMinor === null ? null : { amountMinor, currency: 'RUB' },
    featureItems: overrides.colour
      ? [
          {
            id: `${id}-colour`,
            featureId: 'colour',
            featureName: { en: 'Colour' },
            value: overrides.colour,
            displayName: { en: overrides.colour },
            price: null,
            image: null,
          },
        ]
      : [],
    favorite: overrides.favorite ?? false,
  };
}

/** `count` offers named 'Product 1'…, priced 100.00, 200.00, … */
export function manyOffers(count: number): ProductTradeOffer[] {
  return Array.from({ length: count }, (_, index) =>
    offerFixture({
      id: `offer-${index + 1}`,
      name: `Product ${index + 1}`,
      amountMinor: (index + 1) * 10_000,
    }),
  );
}

export const groupsFixture: ProductGroup[] = [
  group({ id: 'group_digital', slugifyId: 'digital', name: 'Digital goods', priority: 10 }),
  group({
    id: 'group_litres',
    slugifyId: 'litres',
    parentId: 'group_digital',
    name: 'Litre bundles',
    priority: 10,
  }),
  group({ id: 'group_studio', slugifyId: 'studio', name: 'Product photography gear', priority: 20 }),
  group({
    id: 'group_backdrops',
    slugifyId: 'backdrops',
    parentId: 'group_studio',
    name: 'Backdrops',
    priority: 10,
  }),
];

export const featuresFixture: ProductFeature[] = [
  {
    id: 'colour',
    name: 'Colour',
    displayName: { en: 'Colour' },
    values: [
      { value: 'white', name: 'White', displayName: { en: 'White' } },
      { value: 'black', name: 'Black', displayName: { en: 'Black' } },
    ],
  },
];

function group(
  fields: Partial<ProductGroup> & Pick<ProductGroup, 'id' | 'slugifyId' | 'name'>,
): ProductGroup {
  return { parentId: null, displayName: { en: fields.name }, description: {}, priority: 0, ...fields };
}

type Body = {
  filter?: { skip?: number; limit?: number; order?: string };
  search?: string;
  groupId?: string;
  priceFrom?: number;
  priceTo?: number;
  features?: Record<string, string | string[]>;
  productTradeOfferId?: string;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function fakeCatalogApi(
  options: {
    offers?: ProductTradeOffer[];
    favourites?: string[];
    /** How many groups the server says there are: more than the fixture's makes its page partial. */
    groupsTotal?: number;
  } = {},
) {
  const offers = options.offers ?? manyOffers(3);
  const favourites = new Set(options.favourites ?? []);
  const calls: Array<{ call: string; body: Body }> = [];

  const inGroup = (offer: ProductTradeOffer, idOrSlug: string) => {
    const chosen = groupsFixture.find(
      (candidate) => candidate.id === idOrSlug || candidate.slugifyId === idOrSlug,
    );
    let current = groupsFixture.find((candidate) => candidate.id === offer.product.groupId);
    while (current) {
      if (current.id === chosen?.id) return true;
      const parentId = current.parentId;
      current = groupsFixture.find((candidate) => candidate.id === parentId);
    }
    return false;
  };

  const matching = (body: Body, source: ProductTradeOffer[]) =>
    source
      .filter((offer) => !body.search || offer.product.name.toLowerCase().includes(body.search.toLowerCase()))
      .filter((offer) => !body.groupId || inGroup(offer, body.groupId))
      .filter((offer) =>
        Object.entries(body.features ?? {}).every(([featureId, values]) =>
          offer.featureItems.some(
            (item) => item.featureId === featureId && [values].flat().includes(item.value),
          ),
        ),
      );

  const page = (list: ProductTradeOffer[], body: Body): ProductTradeOfferList => {
    const skip = body.filter?.skip ?? 0;
    const output = list
      .slice(skip, skip + (body.filter?.limit ?? 16))
      .map((offer) => ({ ...offer, favorite: favourites.has(offer.id) }));
    return { output, outputInfo: { count: output.length }, totalCount: list.length };
  };

  /** Answers a catalogue call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const record = (call: string) => calls.push({ call, body });
    switch (path) {
      case '/productGroups':
        record('groups');
        return json({
          output: groupsFixture,
          outputInfo: { count: groupsFixture.length },
          totalCount: options.groupsTotal ?? groupsFixture.length,
        });
      case '/productFeatures':
        record('features');
        return json({ output: featuresFixture, outputInfo: { count: 1 }, totalCount: 1 });
      case '/products/fetchProductTradeOfferList':
        record('list');
        return json(page(matching(body, offers), body));
      case '/products/favorites/fetchTradeOfferList':
        record('favourites');
        return json(
          page(
            matching(
              body,
              offers.filter((offer) => favourites.has(offer.id)),
            ),
            body,
          ),
        );
      case '/products/favorites/addTradeOffer':
        record('add');
        favourites.add(body.productTradeOfferId ?? '');
        return json({ result: true });
      case '/products/favorites/removeTradeOffer':
        record('remove');
        favourites.delete(body.productTradeOfferId ?? '');
        return json({ result: true });
      default:
        return null;
    }
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call).map((entry) => entry.body),
  };
}
