import catalogEn from './catalog/en.json';
import catalogRu from './catalog/ru.json';
import en from './en.json';
import productEn from './product/en.json';
import productRu from './product/ru.json';
import ru from './ru.json';

/**
 * The texts of each language: the app's own file and one file per storefront screen, each under
 * its own top-level key (`catalog`, `product`), so that screens built side by side never edit the
 * same file.
 */
export const messages = {
  en: { ...en, ...catalogEn, ...productEn },
  ru: { ...ru, ...catalogRu, ...productRu },
};
