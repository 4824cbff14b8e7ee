import { z } from './zod.ts';

export const languages = ['en', 'ru'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const localeSchema = z.object({
  id: z.string(),
  language: languageSchema,
  name: z.string(),
});
export type Locale = z.infer<typeof localeSchema>;

export const currencySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  characterCode: z.string().length(3),
  symbol: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const imageSchema = z.object({ url: z.string(), alt: z.string().optional() });

export const passportSchema = z.object({
  slugifyId: z.string(),
  name: z.string(),
  primaryImage: imageSchema.nullable(),
});

export const partnerActionSchema = z.object({ id: z.string(), quantity: z.number().int() });

/** The seller: its legal and contact details, shown in the footer and on invoices. */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
  taxId: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const htmlMetaTagTypes = [
  'html_meta_tag_types.title',
  'html_meta_tag_types.description',
  'html_meta_tag_types.keywords',
] as const;
export const htmlMetaTagItemSchema = z.object({ typeId: z.enum(htmlMetaTagTypes), content: z.string() });
export type HtmlMetaTagItem = z.infer<typeof htmlMetaTagItemSchema>;

export const storeOptionNames = [
  'UserEmailRequired',
  'UserPhoneNumberRequired',
  'UserEmailVerificationRequired',
  'UserPhoneNumberVerificationRequired',
  'AllowAnonymousUser',
  'AllowDelivery',
  'RecipientContactsRequired',
  'AllowPersonalAccount',
  'AllowClientProductInStock',
] as const;
export type StoreOptionName = (typeof storeOptionNames)[number];
/**
 * What a flag means when a store has no value for it: SPEC §3 names one default,
 * UserEmailVerificationRequired on; every other flag is off. The server and the web app both read
 * it from here.
 */
export const storeOptionDefaults: Readonly<Record<StoreOptionName, boolean>> = {
  UserEmailRequired: false,
  UserPhoneNumberRequired: false,
  UserEmailVerificationRequired: true,
  UserPhoneNumberVerificationRequired: false,
  AllowAnonymousUser: false,
  AllowDelivery: false,
  RecipientContactsRequired: false,
  AllowPersonalAccount: false,
  AllowClientProductInStock: false,
};
/** What a caller asked for through the request headers of SPEC §7: store, locale, currency. */
export interface StoreSelection {
  storeId: string | undefined;
  tenantClientId: string | undefined;
  localeId: string | undefined;
  currencyId: string | undefined;
}
export const optionItemSchema = z.object({ name: z.enum(storeOptionNames), value: z.boolean() });
export type OptionItem = z.infer<typeof optionItemSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  login: z.string().nullable(),
  fullName: z.string().nullable(),
  localeId: z.string().nullable(),
  currencyId: z.string().nullable(),
  bonusPointBalance: z.number().int(),
  anonymous: z.boolean(),
  /** False for accounts made through a passport only: they have no password to change. */
  hasPassword: z.boolean(),
  passports: z.array(z.object({ slugifyId: z.string() })),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/stores/fetchStoreInfo (SPEC §3). */
export const storeInfoSchema = z.object({
  storeId: z.string(),
  tenantClientId: z.string(),
  name: z.string(),
  locale: localeSchema,
  localeId: z.string(),
  locales: z.array(localeSchema),
  currency: currencySchema,
  currencies: z.array(currencySchema),
  passports: z.array(passportSchema),
  partnerActions: z.array(partnerActionSchema),
  partner: partnerSchema.nullable(),
  user: userSchema.nullable(),
  siteLogo: imageSchema.nullable(),
  htmlMetaTagItems: z.array(htmlMetaTagItemSchema),
  optionItems: z.array(optionItemSchema),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;

/** GET|POST /api/stores/constants: the business constants of SPEC §9 the clients need. */
export const storeConstantsSchema = z.object({
  removeBackgroundActionId: z.string(),
  litreCostFull: z.number().int(),
  litreCostPreview: z.number().int(),
  freeLitresPerMonth: z.number().int(),
  smallestPlanImages: z.number().int(),
  yearlyDiscountPercent: z.number().int(),
  maxFileBytes: z.number().int(),
  maxWidth: z.number().int(),
  maxHeight: z.number().int(),
  previewWidth: z.number().int(),
  previewHeight: z.number().int(),
  verificationCodeLength: z.number().int(),
  toastDurationMs: z.number().int(),
  taskPanelHideDelayMs: z.number().int(),
  blogPageSize: z.number().int(),
  ordersPageSize: z.number().int(),
  pageSizes: z.array(z.number().int()),
});
export type StoreConstants = z.infer<typeof storeConstantsSchema>;

/** Request headers every /api/stores call may carry (SPEC §7). */
export const storeHeaderNames = {
  authorization: 'authorization',
  tenantClientId: 'x-tenant-client-id',
  storeId: 'x-store-id',
  localeId: 'x-locale-id',
  currencyId: 'x-currency-id',
} as const;
