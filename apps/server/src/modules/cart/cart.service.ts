import { randomUUID } from 'node:crypto';
import type {
  CartItemChange,
  ContactSet,
  Language,
  PaymentOption,
  ProductTradeOffer,
  ShoppingCart,
  UpdateShoppingCartRequest,
} from '@cutout/contracts';
import { allowedQuantity, maxCartQuantity, personalAccountProviderId } from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import {
  normalizePromoCode,
  type PromoCodeRefusal,
  type PromotionsService,
  promoCodeError,
} from '../promotions/promotions.service.ts';
import {
  allowedQuantitiesOf,
  type CartInput,
  type CartRules,
  isMoneyProduct,
  type PlanQuote,
  priceCart,
} from './cart.pricing.ts';
import type { CartChoices, CartItemRow, CartRepo, CartRow } from './cart.repo.ts';
import type { ContactSetsService } from './contact-sets.service.ts';
import type { DeliveryService } from './delivery.service.ts';

export interface CartViewer {
  userId: string;
  language: Language;
  currency: { id: string; characterCode: string };
  rules: CartRules;
}

/** Who asks for the ways to pay: the personal account is one where the store allows it. */
const paymentViewerOf = (viewer: CartViewer) => ({
  language: viewer.language,
  currency: viewer.currency,
  personalAccount: viewer.rules.personalAccount === true,
});

/** What the cart asks of the catalogue and of the payments module. */
export interface CartDeps {
  repo: CartRepo;
  transactor: Pick<Transactor, 'run'>;
  catalog: {
    offersByIds(
      ids: string[],
      viewer: { language: Language; currency: { id: string; characterCode: string }; userId: string | null },
    ): Promise<ProductTradeOffer[]>;
    offersOfType(
      type: 'personal_account',
      viewer: { language: Language; currency: { id: string; characterCode: string }; userId: string | null },
    ): Promise<ProductTradeOffer[]>;
  };
  delivery: DeliveryService;
  contactSets: Pick<ContactSetsService, 'getLive' | 'present'>;
  paymentOptions: (viewer: {
    language: Language;
    currency: { characterCode: string };
    personalAccount?: boolean;
  }) => Promise<PaymentOption[]>;
  promotions: Pick<PromotionsService, 'evaluate'>;
  /** The user's bonus points (the ledger's bonus_point balance). */
  bonusPoints: (userId: string) => Promise<number>;
  /** What the user's personal account holds in a currency (minor units). */
  personalAccountBalance: (userId: string, currency: string) => Promise<number>;
  /**
   * A subscription plan's price for a period in a currency (null: not sold so), and the credit of
   * the buyer's live subscription it would replace; null when the product is not a plan.
   */
  planQuote: (input: {
    userId: string;
    productId: string;
    validityPeriodId: string | null;
    currency: string;
  }) => Promise<PlanQuote | null>;
  now: () => Date;
}

const personalAccount = (offer: ProductTradeOffer) =>
  offer.product.typeId === 'product_types.personal_account';
const subscriptionPlan = (offer: ProductTradeOffer) =>
  offer.product.typeId === 'product_types.subscription_plan';

/** The shopping cart (SPEC §4 cart rules, §7.3): one per user, priced on the server. */
export function createCartService(deps: CartDeps) {
  const { repo } = deps;

  async function offersOf(ids: string[], viewer: CartViewer): Promise<Map<string, ProductTradeOffer>> {
    const offers = await deps.catalog.offersByIds(ids, { ...viewer, userId: null });
    return new Map(offers.map((offer) => [offer.id, offer]));
  }

  async function contactSetOf(viewer: CartViewer, id: string | null): Promise<ContactSet | null> {
    if (!id) return null;
    const row = await deps.contactSets.getLive(viewer.userId, id).catch(() => null);
    return row && deps.contactSets.present(row, viewer.language);
  }

  async function inputOf(cart: CartRow, viewer: CartViewer, kept?: CartItemRow[]): Promise<CartInput> {
    const items = kept ?? (await repo.itemsOf(cart.id));
    const [
      offers,
      deliveryOptions,
      paymentOptions,
      deliveryContactSet,
      recipientContactSet,
      bonusPointBalance,
    ] = await Promise.all([
      offersOf(
        items.map((item) => item.tradeOfferId),
        viewer,
      ),
      viewer.rules.allowDelivery ? deps.delivery.list(viewer) : [],
      deps.paymentOptions(paymentViewerOf(viewer)),
      contactSetOf(viewer, cart.deliveryContactSetId),
      contactSetOf(viewer, cart.recipientContactSetId),
      deps.bonusPoints(viewer.userId),
    ]);
    // A top-up is never paid from the account it fills: that way to pay is not offered beside one.
    const topUp = items.some((item) => {
      const offer = offers.get(item.tradeOfferId);
      return offer !== undefined && personalAccount(offer);
    });
    const payable = topUp
      ? paymentOptions.filter((option) => option.providerId !== personalAccountProviderId)
      : paymentOptions;
    // Until the buyer chooses, the store's first way to pay in this currency is the choice.
    const paymentOption = payable.find((option) => option.id === cart.paymentOptionId) ?? payable[0] ?? null;
    const currency = viewer.currency.characterCode;
    const personalAccountBalance =
      paymentOption?.providerId === personalAccountProviderId
        ? await deps.personalAccountBalance(viewer.userId, currency)
        : undefined;
    const planPrices = new Map<string, PlanQuote>();
    for (const item of items) {
      const offer = offers.get(item.tradeOfferId);
      if (!offer || !subscriptionPlan(offer)) continue;
      const quote = await deps.planQuote({
        userId: viewer.userId,
        productId: offer.product.id,
        validityPeriodId: item.validityPeriodId,
        currency: viewer.currency.characterCode,
      });
      planPrices.set(item.id, quote ?? { price: null, credit: 0 });
    }
    return {
      cart,
      items,
      offers,
      planPrices,
      deliveryOptions,
      deliveryOption: deliveryOptions.find((option) => option.id === cart.deliveryOptionId) ?? null,
      deliveryContactSet,
      recipientContactSet,
      paymentOption,
      currency,
      language: viewer.language,
      rules: viewer.rules,
      bonusPointBalance,
      ...(personalAccountBalance === undefined ? {} : { personalAccountBalance }),
    };
  }

  /**
   * The cart priced with its promo code's discount, evaluated now: a code that no longer applies
   * gives no discount and an errorReason, and says why.
   */
  async function priced(
    cart: CartRow,
    viewer: CartViewer,
  ): Promise<{ cart: ShoppingCart; refusal: PromoCodeRefusal | null }> {
    const input = await inputOf(cart, viewer);
    const plain = priceCart(input);
    if (!cart.couponCode) return { cart: plain, refusal: null };
    const evaluation = await deps.promotions.evaluate({
      code: cart.couponCode,
      userId: viewer.userId,
      currency: plain.currency,
      lines: plain.productItems.flatMap((item) =>
        item.selected &&
        item.typeId === 'shopping_cart_product_types.regular' &&
        item.price !== null &&
        !isMoneyProduct(item.product)
          ? [{ id: item.id, productId: item.productId, amount: item.amountWithoutDiscount }]
          : [],
      ),
    });
    return evaluation.ok
      ? { cart: priceCart({ ...input, discounts: evaluation.discounts }), refusal: null }
      : { cart: priceCart({ ...input, promoCodeInvalid: true }), refusal: evaluation.refusal };
  }

  const answer = async (cart: CartRow, viewer: CartViewer) => (await priced(cart, viewer)).cart;

  /** The quantity an item is kept with: a limited product's allowed one, at most what is in stock. */
  function quantityFor(offer: ProductTradeOffer, requested: number, viewer: CartViewer): number {
    // A plan is bought one at a time: its period says how long.
    if (subscriptionPlan(offer)) return 1;
    const allowed = allowedQuantitiesOf(offer);
    const quantity = allowed ? allowedQuantity(requested, allowed) : requested;
    if (!viewer.rules.countStock || offer.availableQuantity === null || allowed) return quantity;
    return Math.min(quantity, offer.availableQuantity);
  }

  /** Refuses a plan without a period (SPEC §5) or with one it is not sold for in this currency. */
  async function checkPlanPeriod(
    offer: ProductTradeOffer,
    validityPeriodId: string | null,
    viewer: CartViewer,
  ) {
    if (!validityPeriodId) throw new DomainError('SUBSCRIPTION_PERIOD_REQUIRED');
    const quote = await deps.planQuote({
      userId: viewer.userId,
      productId: offer.product.id,
      validityPeriodId,
      currency: viewer.currency.characterCode,
    });
    if (quote?.price === null || quote === null) throw new DomainError('SUBSCRIPTION_PERIOD_UNAVAILABLE');
  }

  async function addItem(cart: CartRow, items: CartItemRow[], change: CartItemChange, viewer: CartViewer) {
    const tradeOfferId = change.tradeOfferId as string;
    const offer = (await offersOf([tradeOfferId], viewer)).get(tradeOfferId);
    if (!offer) throw new DomainError('NOT_FOUND', { details: { field: 'tradeOfferId' } });
    const optionId = change.optionId ?? '';
    if (optionId && !offer.featureItems.some((item) => item.id === optionId)) {
      throw new DomainError('NOT_FOUND', { details: { field: 'optionId' } });
    }
    // A product sold in options is bought in one of them: the order must say which to send.
    if (!optionId && offer.featureItems.length > 0 && change.quantity !== 0) {
      throw new DomainError('PRODUCT_OPTION_REQUIRED', { details: { field: 'optionId' } });
    }
    // SPEC §5: a plan needs its period, one it is sold for in the cart's currency.
    if (subscriptionPlan(offer)) await checkPlanPeriod(offer, change.validityPeriodId ?? null, viewer);
    // SPEC §5: an out-of-stock goods item is refused when the store counts stock.
    if (viewer.rules.countStock && offer.availableQuantity !== null && offer.availableQuantity <= 0) {
      throw new DomainError('OUT_OF_STOCK');
    }
    // SPEC §4: a personal-account top-up replaces the cart, and is replaced by any other product.
    const others = await offersOf(
      items.map((item) => item.tradeOfferId),
      viewer,
    );
    const replaced = items.filter((item) => {
      const other = others.get(item.tradeOfferId);
      if (personalAccount(offer)) return item.tradeOfferId !== offer.id;
      // One plan per cart: another plan takes the place of the one there.
      if (subscriptionPlan(offer) && other && subscriptionPlan(other)) return item.tradeOfferId !== offer.id;
      return other !== undefined && personalAccount(other);
    });
    await repo.deleteItems(
      cart.id,
      replaced.map((item) => item.id),
    );
    const existing = items.find((item) => item.tradeOfferId === offer.id && item.optionId === optionId);
    if (existing && !replaced.includes(existing)) {
      if (change.quantity === 0) return repo.deleteItems(cart.id, [existing.id]);
      const quantity = quantityFor(offer, change.quantity ?? existing.quantity + 1, viewer);
      return repo.updateItem(cart.id, existing.id, {
        quantity,
        ...amountCurrencyOf(offer, viewer),
        ...(subscriptionPlan(offer) && { validityPeriodId: change.validityPeriodId ?? null }),
        ...(change.selected !== undefined && { selected: change.selected }),
      });
    }
    if (change.quantity === 0) return;
    await repo.insertItem({
      id: randomUUID(),
      cartId: cart.id,
      tradeOfferId: offer.id,
      optionId,
      productSetId: change.productSetId ?? null,
      productSetFeatureId: change.productSetFeatureId ?? null,
      quantity: quantityFor(offer, change.quantity ?? 1, viewer),
      selected: change.selected ?? true,
      validityPeriodId: change.validityPeriodId ?? null,
      validityPeriodCount: change.validityPeriodCount ?? null,
      amountCurrency: amountCurrencyOf(offer, viewer).amountCurrency ?? null,
      createdAt: deps.now(),
    });
  }

  /** A top-up's amount is in the currency it is set in (see shoppingCartItems.amountCurrency). */
  const amountCurrencyOf = (offer: ProductTradeOffer, viewer: CartViewer) =>
    personalAccount(offer) ? { amountCurrency: viewer.currency.characterCode } : {};

  async function changeItem(cart: CartRow, items: CartItemRow[], change: CartItemChange, viewer: CartViewer) {
    const item = items.find((candidate) => candidate.id === change.id);
    if (!item) throw new DomainError('NOT_FOUND', { details: { field: 'id' } });
    if (change.quantity === 0) return repo.deleteItems(cart.id, [item.id]);
    let quantity: number | undefined;
    let amountCurrency = {};
    if (change.quantity !== undefined || change.validityPeriodId !== undefined) {
      const offer = (await offersOf([item.tradeOfferId], viewer)).get(item.tradeOfferId);
      if (!offer) return repo.deleteItems(cart.id, [item.id]);
      if (change.quantity !== undefined) {
        quantity = quantityFor(offer, change.quantity, viewer);
        // A top-up's amount sent again, changed or not, is the amount in this currency.
        amountCurrency = amountCurrencyOf(offer, viewer);
      }
      if (change.validityPeriodId !== undefined && subscriptionPlan(offer)) {
        await checkPlanPeriod(offer, change.validityPeriodId, viewer);
      }
    }
    await repo.updateItem(cart.id, item.id, {
      ...(quantity !== undefined && { quantity }),
      ...amountCurrency,
      ...(change.selected !== undefined && { selected: change.selected }),
      ...(change.validityPeriodId !== undefined && { validityPeriodId: change.validityPeriodId }),
      ...(change.validityPeriodCount !== undefined && { validityPeriodCount: change.validityPeriodCount }),
    });
  }

  /** The choices of a request, checked against what this user and this currency may choose. */
  async function choicesOf(
    cart: CartRow,
    request: UpdateShoppingCartRequest,
    viewer: CartViewer,
  ): Promise<CartChoices> {
    const choices: CartChoices = {};
    if (request.paymentOptionId !== undefined) {
      const options = await deps.paymentOptions(paymentViewerOf(viewer));
      if (request.paymentOptionId && !options.some((option) => option.id === request.paymentOptionId)) {
        throw new DomainError('PAYMENT_OPTION_UNAVAILABLE');
      }
      choices.paymentOptionId = request.paymentOptionId;
    }
    let deliveryOptionId = cart.deliveryOptionId;
    if (request.deliveryOptionId !== undefined) {
      if (request.deliveryOptionId) await deps.delivery.get(request.deliveryOptionId, viewer);
      deliveryOptionId = request.deliveryOptionId;
      choices.deliveryOptionId = deliveryOptionId;
      // Another delivery needs another kind of address: the chosen one no longer applies (SPEC §4).
      if (deliveryOptionId !== cart.deliveryOptionId) choices.deliveryContactSetId = null;
    }
    if (request.deliveryContactSetId) {
      const set = await deps.contactSets.getLive(viewer.userId, request.deliveryContactSetId);
      const option = deliveryOptionId ? await deps.delivery.get(deliveryOptionId, viewer) : null;
      const wanted = option?.contactSetTypeId.replace('partner_contact_set_types.', '');
      if (!option || set.type !== wanted) throw new DomainError('CONTACT_SET_NOT_SUITABLE');
      choices.deliveryContactSetId = set.id;
    } else if (request.deliveryContactSetId === null) {
      choices.deliveryContactSetId = null;
    }
    if (request.recipientContactSetId) {
      const set = await deps.contactSets.getLive(viewer.userId, request.recipientContactSetId);
      if (set.type !== 'recipient') throw new DomainError('CONTACT_SET_NOT_SUITABLE');
      choices.recipientContactSetId = set.id;
    } else if (request.recipientContactSetId === null) {
      choices.recipientContactSetId = null;
    }
    if (request.couponCodePrompt !== undefined)
      choices.couponCode = normalizePromoCode(request.couponCodePrompt ?? '') || null;
    if (request.bonusPointOutcome !== undefined) choices.bonusPointOutcome = request.bonusPointOutcome;
    return choices;
  }

  return {
    async fetch(viewer: CartViewer): Promise<ShoppingCart> {
      const cart = await deps.transactor.run(() => repo.lockCartOf(viewer.userId, deps.now()));
      return answer(cart, viewer);
    },

    /** Applies the changes in one transaction: all of them, or none when one is refused. */
    async update(request: UpdateShoppingCartRequest, viewer: CartViewer): Promise<ShoppingCart> {
      const cart = await deps.transactor.run(async () => {
        const locked = await repo.lockCartOf(viewer.userId, deps.now());
        for (const change of request.productItems ?? []) {
          const items = await repo.itemsOf(locked.id);
          if (change.id) await changeItem(locked, items, change, viewer);
          else if (change.tradeOfferId) await addItem(locked, items, change, viewer);
          else throw new DomainError('core_object_not_set');
        }
        if (request.selectAll !== undefined) await repo.selectAll(locked.id, request.selectAll);
        const choices = await choicesOf(locked, request, viewer);
        await repo.setChoices(locked.id, choices, deps.now());
        let changed = (await repo.findCartOf(viewer.userId)) as CartRow;
        // A code the buyer enters must apply now: a refused one rolls the whole call back.
        if (choices.couponCode) {
          const { refusal } = await priced(changed, viewer);
          if (refusal) throw promoCodeError(refusal);
        }
        // Points asked beyond the maximum are kept as the maximum (SPEC §9).
        if (choices.bonusPointOutcome !== undefined) {
          const { cart: now } = await priced(changed, viewer);
          await repo.setChoices(locked.id, { bonusPointOutcome: now.bonusPointOutcome }, deps.now());
          changed = { ...changed, bonusPointOutcome: now.bonusPointOutcome };
        }
        return changed;
      });
      return answer(cart, viewer);
    },

    async reset(viewer: CartViewer): Promise<ShoppingCart> {
      const cart = await deps.transactor.run(async () => {
        const locked = await repo.lockCartOf(viewer.userId, deps.now());
        await repo.clear(locked.id, { onlySelected: false, now: deps.now() });
        return locked;
      });
      return answer(cart, viewer);
    },

    /**
     * The cart as checkout takes it: locked for the transaction in progress (a second checkout of
     * the same cart waits, then finds it emptied), priced now.
     */
    async lockForCheckout(
      viewer: CartViewer,
    ): Promise<{ cart: ShoppingCart; offers: Map<string, ProductTradeOffer> }> {
      const locked = await repo.lockCartOf(viewer.userId, deps.now());
      const cart = await answer(locked, viewer);
      const ids = cart.productItems.flatMap((item) => (item.tradeOfferId ? [item.tradeOfferId] : []));
      return { cart, offers: await offersOf(ids, viewer) };
    },

    /**
     * A top-up of the personal account priced as a cart of its own, never stored (the buyer's cart
     * stays as it is): the personal-account product, as many units as the amount holds. The amount
     * is in minor units of the viewer's currency and a whole number of the product's units.
     */
    async priceRecharge(
      viewer: CartViewer,
      request: { paymentOptionId: string; amount: number },
    ): Promise<{ cart: ShoppingCart; offers: Map<string, ProductTradeOffer> }> {
      const [offer] = await deps.catalog.offersOfType('personal_account', viewer);
      const unit = offer?.price?.amountMinor;
      if (!offer || !unit) throw new DomainError('NOT_FOUND', { details: { field: 'personalAccount' } });
      if (request.amount % unit !== 0) {
        throw new DomainError('VALIDATION_ERROR', {
          details: { field: 'rechargeAmount', multipleOf: unit },
        });
      }
      // As much as the same product may be bought through the cart, no more.
      if (request.amount / unit > maxCartQuantity) {
        throw new DomainError('VALIDATION_ERROR', {
          details: { field: 'rechargeAmount', max: maxCartQuantity * unit },
        });
      }
      const now = deps.now();
      const cart: CartRow = {
        id: `recharge:${viewer.userId}`,
        userId: viewer.userId,
        paymentOptionId: request.paymentOptionId,
        deliveryOptionId: null,
        deliveryContactSetId: null,
        recipientContactSetId: null,
        couponCode: null,
        bonusPointOutcome: 0,
        createdAt: now,
        updatedAt: now,
      };
      const item: CartItemRow = {
        id: randomUUID(),
        cartId: cart.id,
        tradeOfferId: offer.id,
        optionId: '',
        productSetId: null,
        productSetFeatureId: null,
        quantity: request.amount / unit,
        selected: true,
        validityPeriodId: null,
        validityPeriodCount: null,
        amountCurrency: viewer.currency.characterCode,
        createdAt: now,
      };
      const priced = priceCart(await inputOf(cart, viewer, [item]));
      // A way to pay that is not offered is refused, not swapped for the first one; a top-up is
      // never paid from the account it fills.
      if (
        priced.paymentOptionId !== request.paymentOptionId ||
        priced.paymentOption?.providerId === personalAccountProviderId
      ) {
        throw new DomainError('VALIDATION_ERROR', { details: { field: 'paymentOptionId' } });
      }
      return { cart: priced, offers: new Map([[offer.id, offer]]) };
    },

    /** Takes the checked-out (selected) items out of the cart, in the checkout's transaction. */
    async clearCheckedOut(cartId: string): Promise<void> {
      await repo.clear(cartId, { onlySelected: true, now: deps.now() });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
