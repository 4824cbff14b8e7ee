import type { ErrorCode, Language } from '@cutout/contracts';

type Messages = Record<ErrorCode, string>;

const en: Messages = {
  BAD_REQUEST: 'The request is not valid.',
  VALIDATION_ERROR: 'Some fields are not valid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  AUTHORIZATION_REQUIRED: 'You must be logged in to the service to perform the operation!',
  PASSWORD_RESET_REQUIRED: 'You need to reset your password.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  STORE_NOT_FOUND: 'The store "{storeId}" does not exist.',
  METHOD_NOT_ALLOWED: 'The method {method} is not supported here.',
  PAYLOAD_TOO_LARGE: 'The request is too large: at most {limit} bytes are accepted.',
  INSUFFICIENT_BALANCE: 'Not enough litres on your balance.',
  ACTION_FAILED: 'The image could not be processed.',
  RATE_LIMITED: 'Too many requests. Try again in {seconds} s.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  INTERNAL_ERROR: 'Unexpected error. Contact technical support.',
  core_locale_not_set: 'The language is not set.',
  core_currency_not_set: 'The currency is not set.',
  core_object_not_set: 'The object is not set.',
};

const ru: Messages = {
  BAD_REQUEST: 'Некорректный запрос.',
  VALIDATION_ERROR: 'Некоторые поля заполнены неверно.',
  MALFORMED_JSON: 'Тело запроса не является корректным JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'Этот тип содержимого не поддерживается.',
  AUTHORIZATION_REQUIRED: 'Для выполнения операции необходимо войти в сервис!',
  PASSWORD_RESET_REQUIRED: 'Необходимо сбросить пароль.',
  FORBIDDEN: 'Это действие вам недоступно.',
  NOT_FOUND: 'Не найдено.',
  STORE_NOT_FOUND: 'Магазин «{storeId}» не существует.',
  METHOD_NOT_ALLOWED: 'Метод {method} здесь не поддерживается.',
  PAYLOAD_TOO_LARGE: 'Слишком большой запрос: принимается не более {limit} байт.',
  INSUFFICIENT_BALANCE: 'На балансе недостаточно литров.',
  ACTION_FAILED: 'Не удалось обработать изображение.',
  RATE_LIMITED: 'Слишком много запросов. Повторите через {seconds} с.',
  SERVICE_UNAVAILABLE: 'Сервис временно недоступен.',
  INTERNAL_ERROR: 'Непредвиденная ошибка. Обратитесь в техническую поддержку.',
  core_locale_not_set: 'Язык не выбран.',
  core_currency_not_set: 'Валюта не выбрана.',
  core_object_not_set: 'Объект не задан.',
};

const catalogue: Record<Language, Messages> = { en, ru };

/** The message of an error code in the given language, with {placeholders} filled in. */
export function errorMessage(
  code: ErrorCode,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  const template = catalogue[language][code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

export const messageCatalogues = catalogue;
