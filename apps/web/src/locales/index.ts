import accountEn from './account/en.json';
import accountRu from './account/ru.json';
import blogEn from './blog/en.json';
import blogRu from './blog/ru.json';
import cartEn from './cart/en.json';
import cartRu from './cart/ru.json';
import catalogEn from './catalog/en.json';
import catalogRu from './catalog/ru.json';
import en from './en.json';
import formsEn from './forms/en.json';
import formsRu from './forms/ru.json';
import ordersEn from './orders/en.json';
import ordersRu from './orders/ru.json';
import pricingEn from './pricing/en.json';
import pricingRu from './pricing/ru.json';
import productEn from './product/en.json';
import productRu from './product/ru.json';
import ru from './ru.json';
import vouchersEn from './vouchers/en.json';
import vouchersRu from './vouchers/ru.json';

/**
 * The texts of each language: the app's own file and one file per storefront screen, each under
 * its own top-level key (`catalog`, `product`), so that screens built side by side never edit the
 * same file.
 */
export const messages = {
  en: {
    ...en,
    ...catalogEn,
    ...productEn,
    ...cartEn,
    ...ordersEn,
    ...pricingEn,
    ...accountEn,
    ...vouchersEn,
    ...blogEn,
    ...formsEn,
  },
  ru: {
    ...ru,
    ...catalogRu,
    ...productRu,
    ...cartRu,
    ...ordersRu,
    ...pricingRu,
    ...accountRu,
    ...vouchersRu,
    ...blogRu,
    ...formsRu,
  },
};
