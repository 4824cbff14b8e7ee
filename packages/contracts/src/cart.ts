import { productSchema } from './catalog.ts';
import { moneySchema } from './money.ts';
import { z } from './zod.ts';

/**
 * The shopping cart (SPEC §3, §4, §7.3), its delivery options, pickup points and the buyer's
 * contact sets (SPEC §7.7). Amounts are integer minor units of the cart's currency (the request's).
 */

export const cartItemTypeIds = [
  'shopping_cart_product_types.regular',
  'shopping_cart_product_types.delivery',
] as const;
export type CartItemTypeId = (typeof cartItemTypeIds)[number];

export const deliveryOptionTypeIds = [
  'delivery_option_types.pickup',
  'delivery_option_types.courier',
] as const;
export type DeliveryOptionTypeId = (typeof deliveryOptionTypeIds)[number];

export const contactSetTypeIds = [
  'partner_contact_set_types.location',
  'partner_contact_set_types.outlet',
  'partner_contact_set_types.recipient',
] as const;
export type ContactSetTypeId = (typeof contactSetTypeIds)[number];

export const contactTypeIds = [
  'contact_types.address',
  'contact_types.full_name',
  'contact_types.phone',
  'contact_types.email',
] as const;
export type ContactTypeId = (typeof contactTypeIds)[number];

/** Why a cart cannot be checked out as it is: translation keys (SPEC §8.1, the cart's errorReason). */
export const cartErrorReasons = [
  'cart_error_empty',
  'cart_error_nothing_selected',
  'cart_error_out_of_stock',
  'cart_error_no_price',
  'cart_error_delivery_required',
  'cart_error_delivery_contact_required',
  'cart_error_recipient_required',
  'cart_error_payment_option_required',
  /** The cart's promo code no longer applies (expired, used up, no product for it): remove it. */
  'cart_error_promo_code_invalid',
  /** Paid from the personal account, which holds less than the order's amount: choose another way. */
  'cart_error_personal_account_short',
  /**
   * A personal-account top-up's amount was set in another currency (its line is unavailable): set
   * it again, or keep the number, in the cart's currency.
   */
  'cart_error_top_up_currency',
] as const;
export type CartErrorReason = (typeof cartErrorReasons)[number];

export const addressSchema = z.object({
  settlementId: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  street: z.string().nullable(),
  building: z.string().nullable(),
  apartment: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

export const contactSchema = z.object({
  typeId: z.enum(contactTypeIds),
  /** The contact as shown: an address on one line, a name, a phone number. */
  view: z.string(),
  /** The address pieces, on an address contact. */
  address: addressSchema.optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const pickupPointSchema = z.object({
  id: z.string(),
  deliveryOptionId: z.string(),
  name: z.string(),
  address: z.string(),
  settlementId: z.string(),
  openingHours: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const contactSetSchema = z.object({
  id: z.string(),
  typeId: z.enum(contactSetTypeIds),
  deleted: z.boolean(),
  contacts: z.array(contactSchema),
  /** An outlet's pickup point (SPEC §3 deliveryOptionPickupPoint / pickupPoint). */
  pickupPoint: pickupPointSchema.nullable(),
  /** One line: the address, the pickup point or the recipient's name and phone. */
  view: z.string(),
  createdAt: z.string(),
});
export type ContactSet = z.infer<typeof contactSetSchema>;

export const deliveryOptionSchema = z.object({
  id: z.string(),
  typeId: z.enum(deliveryOptionTypeIds),
  name: z.string(),
  description: z.string(),
  /** What delivery costs in the request's currency (0: free); null when it has no price in it. */
  price: moneySchema.nullable(),
  /** The contact set type a delivery by it needs: an outlet (pickup) or a location (courier). */
  contactSetTypeId: z.enum(contactSetTypeIds),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/** The provider of the payment option that pays from the user's personal account (never a top-up of it). */
export const personalAccountProviderId = 'personal-account';

export const paymentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The provider behind it: demo, yookassa, stripe. */
  providerId: z.string(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

const amount = z.number().int();

export const cartItemSchema = z.object({
  id: z.string(),
  typeId: z.enum(cartItemTypeIds),
  /** The trade offer put in the cart (null on a delivery item). */
  tradeOfferId: z.string().nullable(),
  productId: z.string().nullable(),
  /** The product as the catalogue answers it (null on a delivery item). */
  product: productSchema.nullable(),
  /** A delivery item's name; a product item's name in the request's language. */
  name: z.string(),
  unitId: z.string(),
  /** The feature of the chosen option (colour, size) and the option (the feature item's id). */
  featureId: z.string().nullable(),
  optionId: z.string().nullable(),
  optionName: z.string().nullable(),
  productSetId: z.string().nullable(),
  productSetFeatureId: z.string().nullable(),
  quantity: z.number().int(),
  /** The allowed quantities of a limited product (SPEC §5), null when any quantity goes. */
  allowedQuantities: z.array(z.number().int()).nullable(),
  /** One unit's price; null when the product has no price in the cart's currency. */
  price: amount.nullable(),
  amount,
  amountWithVat: amount,
  amountWithoutDiscount: amount,
  vatRatePercent: z.number().int().nullable(),
  vatAmount: amount,
  autoDiscountPercent: z.number(),
  autoDiscountAmount: amount,
  /**
   * The part of autoDiscountAmount that is a plan upgrade's credit (the unused part of the plan it
   * replaces), not a discount: shown apart. Absent in answers from before it was added.
   */
  upgradeCreditAmount: amount.optional(),
  /** Bonus points: the promotions issue fills these; 0 until then. */
  bonusPointIncome: amount,
  bonusPointIncomeConverted: amount,
  bonusPointOutcome: amount,
  bonusPointOutcomeConverted: amount,
  bonusPointOutcomeLimit: amount,
  bonusPointOutcomeLimitConverted: amount,
  selected: z.boolean(),
  /** Whether it can be bought now: in stock and priced. */
  available: z.boolean(),
  availableQuantity: z.number().int().nullable(),
  /** A subscription plan's validity period (the plans issue). */
  validityPeriodId: z.string().nullable(),
  validityPeriodCount: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const shoppingCartSchema = z.object({
  id: z.string(),
  currency: z.string(),
  productItems: z.array(cartItemSchema),
  /** Regular items, counted by quantity, a top-up as one (countedQuantity; delivery items are not products). */
  productCount: z.number().int(),
  paymentOptionId: z.string().nullable(),
  paymentOption: paymentOptionSchema.nullable(),
  deliveryOptionId: z.string().nullable(),
  deliveryOption: deliveryOptionSchema.nullable(),
  deliveryContactSetId: z.string().nullable(),
  deliveryContactSet: contactSetSchema.nullable(),
  recipientContactSetId: z.string().nullable(),
  recipientContactSet: contactSetSchema.nullable(),
  /** Whether the selected items need delivery (goods do; litres, codes and top-ups do not). */
  deliveryRequired: z.boolean(),
  /**
   * Whether the order names its recipient (a name and a phone): when the store asks for one
   * (RecipientContactsRequired), and always for goods going by a delivery option, which someone
   * hands over (a courier calls ahead, a shop tells the order is ready).
   */
  recipientRequired: z.boolean(),
  /** The promotions issue fills these. */
  couponCodePrompt: z.string().nullable(),
  bonusPointBalance: amount,
  bonusPointOutcome: amount,
  /** What is to be paid for the selected items, delivery included. */
  amount,
  amountWithoutDiscount: amount,
  /** Selected products without delivery, and delivery apart (SPEC §9). */
  productsAmount: amount,
  deliveryAmount: amount,
  discountAmount: amount,
  vatAmount: amount,
  /** The first reason the cart cannot be checked out, as a translation key; null when it can. */
  errorReason: z.enum(cartErrorReasons).nullable(),
});
export type ShoppingCart = z.infer<typeof shoppingCartSchema>;

/** The most of one item a cart takes. */
export const maxCartQuantity = 100_000;

/** One change of an item: by its cart item id, or a trade offer (with its option) to add. */
export const cartItemChangeSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  tradeOfferId: z.string().min(1).max(200).optional(),
  optionId: z.string().min(1).max(200).nullish(),
  productSetId: z.string().min(1).max(200).nullish(),
  productSetFeatureId: z.string().min(1).max(200).nullish(),
  /** The new quantity; 0 removes the item. Without it an added item comes with 1 (SPEC §9). */
  quantity: z.number().int().min(0).max(maxCartQuantity).optional(),
  selected: z.boolean().optional(),
  validityPeriodId: z.string().min(1).max(100).nullish(),
  validityPeriodCount: z.number().int().min(1).max(120).nullish(),
});
export type CartItemChange = z.infer<typeof cartItemChangeSchema>;

/** POST /shoppingCarts/updateShoppingCart: only what is sent changes. */
export const updateShoppingCartRequestSchema = z.strictObject({
  productItems: z.array(cartItemChangeSchema).max(100).optional(),
  /** Select-all: sets `selected` on every item. */
  selectAll: z.boolean().optional(),
  paymentOptionId: z.string().min(1).max(100).nullish(),
  deliveryOptionId: z.string().min(1).max(100).nullish(),
  deliveryContactSetId: z.string().min(1).max(100).nullish(),
  recipientContactSetId: z.string().min(1).max(100).nullish(),
  couponCodePrompt: z.string().max(100).nullish(),
  bonusPointOutcome: z.number().int().min(0).optional(),
});
export type UpdateShoppingCartRequest = z.infer<typeof updateShoppingCartRequestSchema>;

/** POST /shoppingCarts/checkoutShoppingCart. */
export const checkoutRequestSchema = z.strictObject({
  resolveCallbackUrl: z.string().url().max(2000),
  rejectCallbackUrl: z.string().url().max(2000),
  /** The total the buyer saw: a cart whose total has changed since is refused (CART_CHANGED). */
  expectedAmount: z.number().int().min(0).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * POST /shoppingCarts/rechargePersonalAccount (SPEC §7.3): a top-up of the personal account, paid
 * with the chosen option; `rechargeAmount` in minor units of the session's currency, a whole number
 * of the top-up product's units (one unit of the currency), at most `maxCartQuantity` of them: as
 * many as the cart sells. The bound here only keeps the number sane; the server checks the units.
 */
export const rechargePersonalAccountRequestSchema = z.strictObject({
  resolveCallbackUrl: z.string().url().max(2000),
  rejectCallbackUrl: z.string().url().max(2000),
  paymentOptionId: z.string().min(1).max(100),
  rechargeAmount: z.number().int().min(100).max(100_000_000),
});
export type RechargePersonalAccountRequest = z.infer<typeof rechargePersonalAccountRequestSchema>;

export const deliveryOptionListSchema = z.object({ deliveryOptions: z.array(deliveryOptionSchema) });
export const pickupPointListSchema = z.object({ pickupPoints: z.array(pickupPointSchema) });
export const paymentOptionListSchema = z.object({ paymentOptions: z.array(paymentOptionSchema) });

/** Postal codes of countries whose post writes digits only, by ISO 3166 code. */
const postalCodeByCountry: Record<string, RegExp> = {
  RU: /^\d{6}$/,
  BY: /^\d{6}$/,
  KZ: /^\d{6}$/,
  UZ: /^\d{6}$/,
  KG: /^\d{6}$/,
  UA: /^\d{5}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/**
 * A postal code as its country writes it (six digits in Russia: 101000), where the country is known
 * and listed above; otherwise as countries write them: 3 to 10 letters, digits, spaces or hyphens,
 * with a digit (10115, SW1A 1AA, K1A 0B6, 123-4567).
 */
export const isPostalCode = (text: string, countryCode?: string | null) => {
  const own = countryCode ? postalCodeByCountry[countryCode.toUpperCase()] : undefined;
  return own ? own.test(text) : /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(text);
};

/** POST /partnerContactSets (SPEC §7.7 "POST with empty path to process"): create a contact set. */
export const createContactSetRequestSchema = z.discriminatedUnion('typeId', [
  z.strictObject({
    typeId: z.literal('partner_contact_set_types.location'),
    address: z.strictObject({
      settlementId: z.string().min(1).max(100).nullish(),
      city: z.string().trim().min(1).max(100),
      region: z.string().trim().max(100).nullish(),
      street: z.string().trim().min(1).max(200),
      building: z.string().trim().min(1).max(50),
      apartment: z.string().trim().max(50).nullish(),
      postalCode: z
        .string()
        .trim()
        .max(20)
        .refine((code) => code === '' || isPostalCode(code))
        .nullish(),
    }),
  }),
  z.strictObject({
    typeId: z.literal('partner_contact_set_types.outlet'),
    pickupPointId: z.string().min(1).max(100),
  }),
  z.strictObject({
    typeId: z.literal('partner_contact_set_types.recipient'),
    fullName: z.string().trim().min(1).max(200),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/),
    email: z.string().trim().email().max(254).nullish(),
  }),
]);
export type CreateContactSetRequest = z.infer<typeof createContactSetRequestSchema>;

export const contactSetListFilterSchema = z.strictObject({
  filter: z
    .strictObject({
      where: z
        .strictObject({
          deleted: z.boolean().optional(),
          typeId: z.enum(contactSetTypeIds).optional(),
        })
        .optional(),
      include: z.array(z.string()).max(5).optional(),
      order: z.string().max(50).optional(),
    })
    .optional(),
});
export const contactSetListSchema = z.object({ contactSets: z.array(contactSetSchema) });

export const settlementSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** POST /suggest/address: whole addresses for what the buyer typed (in a settlement, when given). */
export const suggestAddressRequestSchema = z.strictObject({
  query: z.string().max(200),
  count: z.number().int().min(1).max(20).optional(),
  settlementId: z.string().min(1).max(100).optional(),
});
export const addressSuggestionListSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      settlement: settlementSchema,
      street: z.string().nullable(),
      building: z.string().nullable(),
    }),
  ),
});

/** POST /suggest/address/locale: settlements (localities) for what the buyer typed. */
export const suggestLocalityRequestSchema = z.strictObject({
  query: z.string().max(200),
  count: z.number().int().min(1).max(20).optional(),
  countryCode: z.string().length(2).optional(),
});
export const settlementListSchema = z.object({ settlements: z.array(settlementSchema) });

/** POST /partnerSettlements/fetchCurrentPartnerSettlement: the buyer's settlement, or the likely one. */
export const currentSettlementSchema = z.object({
  settlement: settlementSchema,
  /** Whether the buyer chose it (else it is the language's default guess). */
  chosen: z.boolean(),
});
/** POST /partnerSettlements/bulkUpsert: the buyer's choice (the last item counts). */
export const upsertSettlementRequestSchema = z.strictObject({
  items: z
    .array(z.strictObject({ settlementId: z.string().min(1).max(100) }))
    .min(1)
    .max(10),
});
