import {
  type DownloadProblem,
  downloadProblemOf,
  type ErrorCode,
  imageProblem,
  type Language,
} from '@cutout/contracts';

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
  PAYLOAD_TOO_LARGE: 'The request is too large: at most {bytes} is accepted.',
  INSUFFICIENT_BALANCE: 'Not enough litres on your balance.',
  ACTION_FAILED: 'The image could not be processed.',
  RATE_LIMITED: 'Too many requests. Try again in {wait}.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  SERVER_BUSY: 'All image processors are busy. Try again in a few seconds.',
  INTERNAL_ERROR: 'Unexpected error. Contact technical support.',
  INVALID_CREDENTIALS: 'Wrong login or password.',
  USER_ALREADY_EXISTS: 'A user with this address is already registered.',
  ALREADY_CONFIRMED: 'This address is already confirmed.',
  VERIFICATION_REQUIRED: 'Confirm the address with a verification code first.',
  CODE_EXPIRED: 'The code has expired. Request a new one.',
  CODE_REQUIRED: 'Enter the verification code.',
  CODE_NOT_VALID: 'The verification code is not valid.',
  ATTEMPTS_EXCEEDED: 'Too many wrong codes. Request a new code.',
  NEXT_REQUEST_NOT_YET: 'You can request a new code in {seconds} s.',
  INVALID_RESET_TOKEN: 'The password reset link is not valid or has expired. Request a new one.',
  CALLBACK_NOT_ALLOWED: 'The callback address must be on this site ({origin}).',
  CROSS_SITE_REQUEST: 'The request came from another site and was refused.',
  core_locale_not_set: 'The language is not set.',
  core_currency_not_set: 'The currency is not set.',
  core_object_not_set: 'The object is not set.',
  MALFORMED_FORM: 'The form cannot be read: it is not valid multipart/form-data.',
  FORM_TOO_MANY_PARTS: 'The form has too many parts: at most {fields} fields and {files} files are accepted.',
  FORM_FIELD_TOO_LARGE: 'The form field {field} is too long: at most {bytes} is accepted.',
  API_KEY_LIMIT: 'You already have {limit} API keys: revoke one before issuing another.',
  OUT_OF_STOCK: 'Out of stock.',
  PAYMENT_OPTION_UNAVAILABLE: 'Unable to pay, choose another payment method!',
  CONTACT_SET_NOT_SUITABLE: 'These contact details do not suit the chosen delivery. Choose others.',
  CART_CHANGED: 'Prices or stock in your cart have changed. Check the cart and place the order again.',
  CART_NOT_READY: 'The order cannot be placed yet: check the cart.',
  ORDER_NOT_CANCELLABLE: 'This order can no longer be cancelled.',
  ORDER_NOT_PAYABLE: 'This order cannot be paid.',
  ORDER_NOT_REFUNDABLE:
    'This order cannot be refunded: it is not paid, is refunded already, or all it gave is used.',
  PAYMENT_PROVIDER_ERROR: 'The payment service is not answering. Try again in a few minutes.',
  PAYMENT_DECLINED: 'The payment did not go through. Pay again or choose another payment method.',
  PROMO_CODE_UNKNOWN: 'There is no such promo code.',
  PROMO_CODE_NOT_STARTED: 'This promo code is not valid yet.',
  PROMO_CODE_EXPIRED: 'This promo code has expired.',
  PROMO_CODE_USED_UP: 'This promo code has been used up.',
  PROMO_CODE_ALREADY_USED: 'You have already used this promo code.',
  PROMO_CODE_NOT_APPLICABLE: 'This promo code does not apply to the products in your cart.',
  SUBSCRIPTION_PERIOD_REQUIRED: 'The subscription period is not selected',
  PRODUCT_OPTION_REQUIRED: 'Choose an option of the product (a colour or a size) first.',
  SUBSCRIPTION_PERIOD_UNAVAILABLE: 'This plan is not sold for this period in your currency.',
  SUBSCRIPTION_CHANGE_REFUSED: 'This change cannot be made to your subscription.',
  PIN_CODE_REQUIRED: 'Enter the pin code!',
  PIN_CODE_UNKNOWN: 'There is no such pin code. Check it and try again.',
  PIN_CODE_ALREADY_APPLIED: 'This pin code has already been applied.',
  PIN_CODE_VOID: 'This code was cancelled: the order that bought it was refunded.',
  PIN_CODE_PLAN_CONFLICT:
    'This code starts another plan than the one you have: apply it after your current plan ends.',
  FORM_REQUIRED_FIELDS: 'Fill in the required fields',
  FORM_FIELD_INVALID: 'Check the highlighted fields',
  FORM_NOT_SET: 'The form is not set',
  INSUFFICIENT_FUNDS: 'Not enough money on your personal account: top it up or choose another way to pay.',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was sent with another image or other options: use a new key for a new request.',
  IDEMPOTENCY_KEY_IN_USE:
    'The first request with this Idempotency-Key is still being processed. Try again in {wait}.',
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
  PAYLOAD_TOO_LARGE: 'Слишком большой запрос: принимается не более {bytes}.',
  INSUFFICIENT_BALANCE: 'На балансе недостаточно литров.',
  ACTION_FAILED: 'Не удалось обработать изображение.',
  RATE_LIMITED: 'Слишком много запросов. Повторите через {wait}.',
  SERVICE_UNAVAILABLE: 'Сервис временно недоступен.',
  SERVER_BUSY: 'Все обработчики изображений заняты. Повторите через несколько секунд.',
  INTERNAL_ERROR: 'Непредвиденная ошибка. Обратитесь в техническую поддержку.',
  INVALID_CREDENTIALS: 'Неверный логин или пароль.',
  USER_ALREADY_EXISTS: 'Пользователь с таким адресом уже зарегистрирован.',
  ALREADY_CONFIRMED: 'Этот адрес уже подтверждён.',
  VERIFICATION_REQUIRED: 'Сначала подтвердите адрес кодом из сообщения.',
  CODE_EXPIRED: 'Срок действия кода истёк. Запросите новый.',
  CODE_REQUIRED: 'Введите код подтверждения.',
  CODE_NOT_VALID: 'Неверный код подтверждения.',
  ATTEMPTS_EXCEEDED: 'Слишком много неверных кодов. Запросите новый код.',
  NEXT_REQUEST_NOT_YET: 'Следующий код подтверждения будет доступен через {seconds} с.',
  INVALID_RESET_TOKEN: 'Ссылка для сброса пароля недействительна или устарела. Запросите новую.',
  CALLBACK_NOT_ALLOWED: 'Адрес возврата должен быть на этом сайте ({origin}).',
  CROSS_SITE_REQUEST: 'Запрос пришёл с другого сайта и отклонён.',
  core_locale_not_set: 'Язык не выбран.',
  core_currency_not_set: 'Валюта не выбрана.',
  core_object_not_set: 'Объект не задан.',
  MALFORMED_FORM: 'Не удалось прочитать форму: это не корректный multipart/form-data.',
  FORM_TOO_MANY_PARTS: 'В форме слишком много частей: принимается не более {fields} полей и {files} файлов.',
  FORM_FIELD_TOO_LARGE: 'Поле формы {field} слишком длинное: принимается не более {bytes}.',
  API_KEY_LIMIT: 'У вас уже {limit} API-ключей: отзовите один, чтобы выпустить новый.',
  OUT_OF_STOCK: 'Нет в наличии.',
  PAYMENT_OPTION_UNAVAILABLE: 'Невозможно оплатить, выберите другой способ оплаты!',
  CONTACT_SET_NOT_SUITABLE:
    'Эти контактные данные не подходят для выбранного способа доставки. Выберите другие.',
  CART_CHANGED: 'Цены или наличие товаров в корзине изменились. Проверьте корзину и оформите заказ снова.',
  CART_NOT_READY: 'Заказ пока нельзя оформить: проверьте корзину.',
  ORDER_NOT_CANCELLABLE: 'Этот заказ уже нельзя отменить.',
  ORDER_NOT_PAYABLE: 'Этот заказ нельзя оплатить.',
  ORDER_NOT_REFUNDABLE:
    'Деньги за этот заказ вернуть нельзя: он не оплачен, уже возвращён или всё купленное израсходовано.',
  PAYMENT_PROVIDER_ERROR: 'Платёжный сервис не отвечает. Попробуйте через несколько минут.',
  PAYMENT_DECLINED: 'Оплата не прошла. Оплатите ещё раз или выберите другой способ оплаты.',
  PROMO_CODE_UNKNOWN: 'Такого промокода нет.',
  PROMO_CODE_NOT_STARTED: 'Этот промокод ещё не действует.',
  PROMO_CODE_EXPIRED: 'Срок действия промокода истёк.',
  PROMO_CODE_USED_UP: 'Этот промокод уже исчерпан.',
  PROMO_CODE_ALREADY_USED: 'Вы уже воспользовались этим промокодом.',
  PROMO_CODE_NOT_APPLICABLE: 'Этот промокод не действует на товары в вашей корзине.',
  SUBSCRIPTION_PERIOD_REQUIRED: 'Не выбран период подписки',
  PRODUCT_OPTION_REQUIRED: 'Сначала выберите вариант товара (цвет или размер).',
  SUBSCRIPTION_PERIOD_UNAVAILABLE: 'Этот тариф не продаётся на такой срок в вашей валюте.',
  SUBSCRIPTION_CHANGE_REFUSED: 'Такое изменение подписки невозможно.',
  PIN_CODE_REQUIRED: 'Введите пин-код!',
  PIN_CODE_UNKNOWN: 'Такого пин-кода нет. Проверьте его и попробуйте снова.',
  PIN_CODE_ALREADY_APPLIED: 'Этот пин-код уже применён.',
  PIN_CODE_VOID: 'Этот код аннулирован: деньги за заказ, в котором его купили, возвращены.',
  PIN_CODE_PLAN_CONFLICT:
    'Этот код подключает другой тариф, не ваш текущий: примените его, когда текущий тариф закончится.',
  FORM_REQUIRED_FIELDS: 'Заполните обязательные поля',
  FORM_FIELD_INVALID: 'Проверьте отмеченные поля',
  FORM_NOT_SET: 'Форма не указана',
  INSUFFICIENT_FUNDS: 'На лицевом счёте недостаточно денег: пополните его или выберите другой способ оплаты.',
  IDEMPOTENCY_KEY_REUSED:
    'Этот Idempotency-Key уже отправлен с другим изображением или другими параметрами: для нового запроса нужен новый ключ.',
  IDEMPOTENCY_KEY_IN_USE: 'Первый запрос с этим Idempotency-Key ещё обрабатывается. Повторите через {wait}.',
};

const catalogue: Record<Language, Messages> = { en, ru };

/**
 * The message of an error code in the given language, with {placeholders} filled in. A `seconds`
 * parameter also gives {wait}: the same time as people say it; a `limit` in bytes gives {bytes}.
 */
export function errorMessage(
  code: ErrorCode,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  const template = catalogue[language][code];
  const values: Record<string, string | number> = {
    ...(typeof params.seconds === 'number' && { wait: waitText(params.seconds, language) }),
    ...(typeof params.limit === 'number' && { bytes: bytesText(params.limit, language) }),
    ...params,
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

const waitUnits: Record<Language, { s: string; min: string; h: string }> = {
  en: { s: 's', min: 'min', h: 'h' },
  ru: { s: 'с', min: 'мин', h: 'ч' },
};

/** A wait of `seconds` as people say it: seconds under two minutes, minutes under two hours, then hours (rounded up). */
export function waitText(seconds: number, language: Language): string {
  const units = waitUnits[language];
  if (seconds < 120) return `${Math.max(1, Math.ceil(seconds))} ${units.s}`;
  if (seconds < 7_200) return `${Math.ceil(seconds / 60)} ${units.min}`;
  return `${Math.ceil(seconds / 3_600)} ${units.h}`;
}

const byteUnits: Record<Language, { b: string; kb: string; mb: string }> = {
  en: { b: 'bytes', kb: 'KB', mb: 'MB' },
  ru: { b: 'байт', kb: 'КБ', mb: 'МБ' },
};

/** A size in bytes as people say it: whole megabytes or kilobytes where it is one, else bytes. */
export function bytesText(bytes: number, language: Language): string {
  const units = byteUnits[language];
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} ${units.mb}`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} ${units.kb}`;
  return `${bytes} ${units.b}`;
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
    error_password_too_short: 'The password must be at least 8 characters long.',
    error_password_too_long: 'The password must be at most 128 characters long.',
    error_password_too_common: 'This password is among the first ones guessed. Choose another.',
    error_password_unchanged: 'The new password is the current one. Choose another.',
    error_label_required: 'The label is required!',
    error_invalid_characters: 'Remove the control characters from the text.',
    core_object_not_set: 'The object is not set.',
  },
  ru: {
    error_email_required: 'Заполните e-mail.',
    error_email_invalid: 'Некорректный e-mail.',
    error_phone_number_required: 'Заполните номер телефона.',
    error_phone_number_invalid: 'Некорректный номер телефона.',
    error_password_required: 'Заполните пароль.',
    error_password_too_short: 'Пароль должен быть не короче 8 символов.',
    error_password_too_long: 'Пароль должен быть не длиннее 128 символов.',
    error_password_too_common: 'Этот пароль подбирают одним из первых. Выберите другой.',
    error_password_unchanged: 'Новый пароль совпадает с текущим. Выберите другой.',
    error_label_required: 'Укажите название!',
    error_invalid_characters: 'Уберите из текста управляющие символы.',
    core_object_not_set: 'Объект не задан.',
  },
};

/** The message of a field key in a language, or undefined for a key that has none. */
export const fieldMessage = (key: string, language: Language): string | undefined =>
  fieldCatalogue[language][key];

/** Messages of the remove-background action's error codes (SPEC §8.3), with {value} and {mb}. */
const actionCatalogue: Record<Language, Record<number, string>> = {
  en: {
    100: 'The API key is not valid.',
    101: 'The API key is not set: send it in the X-Api-Key header.',
    103: 'The file is too big: the maximum is {mb} MB.',
    104: 'Wrong size: use preview (or small, regular) or full (or 4k, medium, hd, auto).',
    105: 'Wrong channel: send a single value, rgba or alpha.',
    106: "Can't download background image, cause: {value}",
    107: "Can't download image, cause: {value}",
    108: 'No image: send a file, base64 or a URL.',
    109: 'The image is empty.',
    110: 'Wrong channels value: use rgba or alpha.',
    111: 'Invalid background colour: {value}. Use a CSS colour name (red) or a hex code (81d4fa).',
    112: 'Wrong output format: use png, jpg, webp, avif or zip (and image or json).',
    113: 'Invalid image: only JPG, PNG, WEBP and AVIF pictures can be processed.',
    114: 'Invalid background image: only JPG, PNG, WEBP and AVIF up to 32 MB.',
    115: 'Crop must be true or false.',
    116: 'Invalid crop margin: 1, 2 or 4 values in px or %.',
    117: 'Invalid scale: use original or a value from 10% to 100%.',
    118: 'Invalid position: use original, center, or one or two values from 0% to 100%.',
    119: 'Invalid region of interest: four values "x1 y1 x2 y2" in px or %, inside the image, enclosing an area.',
    120: 'Invalid type: use auto, person, product, car, animal, graphics or other (type_level: none, 1, 2 or latest).',
    121: 'add_shadow must be true or false.',
    122: 'semitransparency must be true or false.',
    123: 'Invalid Idempotency-Key header: 1 to 255 visible ASCII characters, such as a UUID.',
    124: 'No subject found in the image: there is nothing to cut out. Nothing was charged.',
    125: 'More than one image given ({value}): send one file, base64 text or URL.',
  },
  ru: {
    100: 'Недействительный API-ключ.',
    101: 'API-ключ не задан: передайте его в заголовке X-Api-Key.',
    103: 'Файл слишком большой: максимум {mb} МБ.',
    104: 'Неверный размер: preview (или small, regular) либо full (или 4k, medium, hd, auto).',
    105: 'Неверный канал: передайте одно значение, rgba или alpha.',
    106: 'Не удалось скачать фоновое изображение, причина: {value}',
    107: 'Не удалось скачать изображение, причина: {value}',
    108: 'Нет изображения: передайте файл, base64 или URL.',
    109: 'Изображение пустое.',
    110: 'Неверное значение каналов: rgba или alpha.',
    111: 'Неверный цвет фона: {value}. Укажите название цвета CSS (red) или HEX-код (81d4fa).',
    112: 'Неверный формат результата: png, jpg, webp, avif или zip (и image или json).',
    113: 'Неверное изображение: обрабатываются только JPG, PNG, WEBP и AVIF.',
    114: 'Неверное фоновое изображение: только JPG, PNG, WEBP и AVIF до 32 МБ.',
    115: 'Обрезка должна быть true или false.',
    116: 'Неверные отступы обрезки: 1, 2 или 4 значения в px или %.',
    117: 'Неверный масштаб: original или значение от 10% до 100%.',
    118: 'Неверное положение: original, center или одно-два значения от 0% до 100%.',
    119: 'Неверная область интереса: четыре значения «x1 y1 x2 y2» в px или %, внутри изображения и с ненулевой площадью.',
    120: 'Неверный тип: auto, person, product, car, animal, graphics или other (type_level: none, 1, 2 или latest).',
    121: 'add_shadow должен быть true или false.',
    122: 'semitransparency должен быть true или false.',
    123: 'Неверный заголовок Idempotency-Key: от 1 до 255 видимых символов ASCII, например UUID.',
    124: 'На изображении не найден объект: вырезать нечего. Ничего не списано.',
    125: 'Передано больше одного изображения ({value}): отправьте один файл, base64 или URL.',
  },
};

/** The message of a remove-background error code in a language; undefined for an unknown code. */
export function actionMessage(
  errorCode: number,
  language: Language,
  value?: string | number,
): string | undefined {
  const template = imageProblemMessage(errorCode, language, value) ?? actionCatalogue[language][errorCode];
  if (!template) return undefined;
  const mb = typeof value === 'number' ? String(Math.round(value / (1024 * 1024))) : '';
  const cause = errorCode === 106 || errorCode === 107 ? downloadProblemText(value, language) : undefined;
  return template.replace('{value}', cause ?? String(value ?? '')).replace('{mb}', mb);
}

/** The causes of errors 106 and 107 (contracts' downloadProblem) in Russian; English keeps the phrase. */
const russianDownloadProblems: Record<DownloadProblem, (count: number) => string> = {
  invalidUrl: () => 'неверный адрес',
  scheme: () => 'принимаются только адреса http и https',
  credentials: () => 'адреса с логином и паролем не принимаются',
  notPublic: () => 'адрес не публичный',
  unreachable: () => 'адрес недоступен',
  redirects: (count) => `больше ${count} перенаправлений`,
  timeout: (seconds) => `нет ответа за ${seconds} с`,
  status: (status) => `сервер ответил HTTP ${status}`,
  tooLarge: () => 'файл слишком большой',
  interrupted: () => 'загрузка прервалась',
};

function downloadProblemText(value: string | number | undefined, language: Language): string | undefined {
  const problem = downloadProblemOf(value);
  return problem && language === 'ru' ? russianDownloadProblems[problem.name](problem.count) : undefined;
}

/**
 * Texts of errors 113 and 114 that say what was wrong with a readable JPG, PNG, WEBP or AVIF, by the
 * error's `value` (contracts' imageProblem): damaged, or larger than {value} megapixels.
 */
const imageProblemCatalogue: Record<Language, Record<number, { damaged: string; megapixels: string }>> = {
  en: {
    113: {
      damaged: 'Invalid image: the file is damaged.',
      megapixels: 'Invalid image: it is larger than {value} megapixels.',
    },
    114: {
      damaged: 'Invalid background image: the file is damaged.',
      megapixels: 'Invalid background image: it is larger than {value} megapixels.',
    },
  },
  ru: {
    113: {
      damaged: 'Неверное изображение: файл повреждён.',
      megapixels: 'Неверное изображение: оно больше {value} мегапикселей.',
    },
    114: {
      damaged: 'Неверное фоновое изображение: файл повреждён.',
      megapixels: 'Неверное фоновое изображение: оно больше {value} мегапикселей.',
    },
  },
};

function imageProblemMessage(errorCode: number, language: Language, value?: string | number) {
  const texts = imageProblemCatalogue[language][errorCode];
  if (!texts) return undefined;
  if (value === imageProblem.damaged) return texts.damaged;
  return typeof value === 'number' ? texts.megapixels : undefined;
}
