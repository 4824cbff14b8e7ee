import {
  addressSuggestionListSchema,
  type ContactSet,
  type ContactSetTypeId,
  type CreateContactSetRequest,
  contactSetListSchema,
  contactSetSchema,
  type DeliveryOption,
  deliveryOptionListSchema,
  type PaymentOperationResult,
  type PaymentOption,
  type PickupPoint,
  paymentOperationResultSchema,
  paymentOptionListSchema,
  pickupPointListSchema,
  type ShoppingCart,
  settlementListSchema,
  shoppingCartSchema,
  type UpdateShoppingCartRequest,
} from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { ContactSet, DeliveryOption, PaymentOperationResult, PaymentOption, PickupPoint, ShoppingCart };

const post = <T>(path: string, body: unknown, parse: (data: unknown) => T, signal?: AbortSignal) =>
  apiRequest(path, { method: 'POST', body, parse, signal });

const parseCart = (data: unknown) => shoppingCartSchema.parse(data);

/** The cart, delivery, contact set and payment calls of SPEC §7.3, §7.4 and §7.7. */
export const cartApi = {
  /** The signed-in user's cart (401 AUTHORIZATION_REQUIRED for a visitor). */
  fetch: (signal?: AbortSignal) => post('/shoppingCarts/fetchShoppingCart', {}, parseCart, signal),

  /** Only what is sent changes; an item with a trade offer and no id is added. */
  update: (request: UpdateShoppingCartRequest) =>
    post('/shoppingCarts/updateShoppingCart', request, parseCart),

  reset: () => post('/shoppingCarts/resetShoppingCart', {}, parseCart),

  paymentOptions: (signal?: AbortSignal) =>
    post(
      '/shoppingCarts/fetchPaymentOptionList',
      {},
      (data) => paymentOptionListSchema.parse(data).paymentOptions,
      signal,
    ),

  deliveryOptions: (signal?: AbortSignal) =>
    post(
      '/shoppingCarts/deliveryOptions/fetchDeliveryOptionList',
      {},
      (data) => deliveryOptionListSchema.parse(data).deliveryOptions,
      signal,
    ),

  pickupPoints: (deliveryOptionId: string, signal?: AbortSignal) =>
    post(
      `/shoppingCarts/deliveryOptions/${encodeURIComponent(deliveryOptionId)}/fetchPickupPointList`,
      {},
      (data) => pickupPointListSchema.parse(data).pickupPoints,
      signal,
    ),

  contactSets: (typeId: ContactSetTypeId, signal?: AbortSignal) =>
    post(
      '/partnerContactSets/fetchContactSetList',
      { filter: { where: { deleted: false, typeId } } },
      (data) => contactSetListSchema.parse(data).contactSets,
      signal,
    ),

  createContactSet: (request: CreateContactSetRequest) =>
    post('/partnerContactSets', request, (data) => contactSetSchema.parse(data)),

  deleteContactSet: (id: string) =>
    apiRequest(`/partnerContactSets/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  /** Whole addresses for what the buyer typed, in a settlement when one is chosen. */
  suggestAddress: (request: { query: string; settlementId?: string; count?: number }, signal?: AbortSignal) =>
    post('/suggest/address', request, (data) => addressSuggestionListSchema.parse(data).suggestions, signal),

  /** Settlements (cities, towns) for what the buyer typed. */
  suggestLocality: (request: { query: string; count?: number }, signal?: AbortSignal) =>
    post('/suggest/address/locale', request, (data) => settlementListSchema.parse(data).settlements, signal),

  checkout: (request: { resolveCallbackUrl: string; rejectCallbackUrl: string; expectedAmount?: number }) =>
    post('/shoppingCarts/checkoutShoppingCart', request, (data) => paymentOperationResultSchema.parse(data)),

  /** The payment provider's return: its query string tells the provider which payment it was. */
  validatePayment: (paymentOptionId: string, queryString: string) =>
    post(`/paymentOptions/${encodeURIComponent(paymentOptionId)}/validate`, { queryString }, (data) =>
      paymentOperationResultSchema.parse(data),
    ),
};

/** React Query keys: everything under ['cart'] goes stale when the cart changes (the header count too). */
export const cartQueryKeys = {
  all: ['cart'] as const,
  cart: (viewer: { userId: string | null; currency: string; language: string }) =>
    ['cart', 'current', viewer] as const,
  paymentOptions: ['cart', 'paymentOptions'] as const,
  deliveryOptions: ['cart', 'deliveryOptions'] as const,
  pickupPoints: (deliveryOptionId: string) => ['cart', 'pickupPoints', deliveryOptionId] as const,
  contactSets: (typeId: ContactSetTypeId) => ['cart', 'contactSets', typeId] as const,
};
