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
  INVALID_CREDENTIALS: 'Wrong login or password.',
  USER_ALREADY_EXISTS: 'A user with this address is already registered.',
  ALREADY_CONFIRMED: 'This address is already confirmed.',
  VERIFICATION_REQUIRED: 'Confirm the address with a verification code first.',
  CODE_EXPIRED: 'The recieved code has expired!',
  CODE_REQUIRED: 'Enter the verification code.',
  CODE_NOT_VALID: 'The verification code is not valid.',
  ATTEMPTS_EXCEEDED: 'Too many wrong codes. Request a new code.',
  NEXT_REQUEST_NOT_YET: 'Next verification code will be available via {seconds} s',
  INVALID_RESET_TOKEN: 'The password reset link is not valid or has expired. Request a new one.',
  CALLBACK_NOT_ALLOWED: 'The callback address must be on this site.',
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
  INVALID_CREDENTIALS: 'Неверный логин или пароль.',
  USER_ALREADY_EXISTS: 'Пользователь с таким адресом уже зарегистрирован.',
  ALREADY_CONFIRMED: 'Этот адрес уже подтверждён.',
  VERIFICATION_REQUIRED: 'Сначала подтвердите адрес кодом из сообщения.',
  CODE_EXPIRED: 'Срок действия полученного кода истёк!',
  CODE_REQUIRED: 'Введите код подтверждения.',
  CODE_NOT_VALID: 'Неверный код подтверждения.',
  ATTEMPTS_EXCEEDED: 'Слишком много неверных кодов. Запросите новый код.',
  NEXT_REQUEST_NOT_YET: 'Следующий код подтверждения будет доступен через {seconds} с',
  INVALID_RESET_TOKEN: 'Ссылка для сброса пароля недействительна или устарела. Запросите новую.',
  CALLBACK_NOT_ALLOWED: 'Адрес возврата должен быть на этом сайте.',
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

/** Messages of single fields, by the keys the contracts put in validation issues (SPEC §5). */
const fieldCatalogue: Record<Language, Record<string, string>> = {
  en: {
    error_email_required: 'Fill in the e-mail.',
    error_email_invalid: 'The e-mail is not valid.',
    error_phone_number_required: 'Fill in the phone number.',
    error_phone_number_invalid: 'The phone number is not valid.',
    error_password_required: 'Fill in the password.',
    error_password_too_short: 'The password must be at least 6 characters long.',
    error_password_too_long: 'The password must be at most 128 characters long.',
    error_label_required: 'The label is required!',
    core_object_not_set: 'The object is not set.',
  },
  ru: {
    error_email_required: 'Заполните e-mail.',
    error_email_invalid: 'Некорректный e-mail.',
    error_phone_number_required: 'Заполните номер телефона.',
    error_phone_number_invalid: 'Некорректный номер телефона.',
    error_password_required: 'Заполните пароль.',
    error_password_too_short: 'Пароль должен быть не короче 6 символов.',
    error_password_too_long: 'Пароль должен быть не длиннее 128 символов.',
    error_label_required: 'Укажите название!',
    core_object_not_set: 'Объект не задан.',
  },
};

/** The message of a field key in a language, or undefined for a key that has none. */
export const fieldMessage = (key: string, language: Language): string | undefined =>
  fieldCatalogue[language][key];
