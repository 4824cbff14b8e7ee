import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { isInvalidInput, removalFailureMessage, removalFailureOf } from './removal-errors.ts';

const actionFailed = (errorCode: number, value?: string | number) =>
  new ApiError({
    status: 400,
    code: 'ACTION_FAILED',
    message: 'The image could not be processed.',
    details: value === undefined ? { errorCode } : { errorCode, value },
    fromServer: true,
  });

const messageOf = (error: unknown, language: 'en' | 'ru' = 'en') =>
  removalFailureMessage(removalFailureOf(error), i18n.getFixedT(language));

describe('remove-background errors (SPEC §8.3)', () => {
  it.each([
    [100, undefined, 'The API key is not valid.', 'Недействительный API-ключ.'],
    [101, undefined, 'The API key is not set.', 'API-ключ не указан.'],
    [
      103,
      32 * 1024 * 1024,
      'The file is too big: the maximum is 32 MB.',
      'Файл слишком большой: максимум 32 МБ.',
    ],
    [
      104,
      'huge',
      'Wrong size: use preview (or small, regular) or full (or 4k, medium, hd, auto).',
      'Неверный размер: укажите preview (или small, regular) либо full (или 4k, medium, hd, auto).',
    ],
    [105, undefined, 'Wrong channel value.', 'Неверное значение канала.'],
    [
      106,
      'HTTP 404',
      "Can't download background image, cause: HTTP 404",
      'Не удалось загрузить фоновое изображение, причина: HTTP 404',
    ],
    [
      107,
      'timeout',
      "Can't download image, cause: timeout",
      'Не удалось загрузить изображение, причина: timeout',
    ],
    // The server's own causes (contracts' downloadProblem) are told in the page's language.
    [
      107,
      'the address is not public',
      "Can't download image, cause: the address is not public",
      'Не удалось загрузить изображение, причина: адрес не публичный',
    ],
    [
      106,
      'the server answered HTTP 404',
      "Can't download background image, cause: the server answered HTTP 404",
      'Не удалось загрузить фоновое изображение, причина: сервер ответил HTTP 404',
    ],
    [
      107,
      'no answer within 2.5 s',
      "Can't download image, cause: no answer within 2.5 s",
      'Не удалось загрузить изображение, причина: нет ответа за 2.5 с',
    ],
    [
      108,
      undefined,
      'No image: upload a file or give its URL.',
      'Нет изображения: загрузите файл или укажите ссылку.',
    ],
    [109, undefined, 'The image is empty.', 'Изображение пустое.'],
    [
      110,
      'rgb',
      'Wrong channels value: use rgba or alpha.',
      'Неверное значение каналов: укажите rgba или alpha.',
    ],
    [
      111,
      'reddish',
      'Invalid background colour: use a CSS colour name or a hex code.',
      'Неверный цвет фона: укажите название цвета CSS или HEX-код.',
    ],
    [
      112,
      'gif',
      'Wrong output format: use png, jpg, webp, avif or zip.',
      'Неверный формат: укажите png, jpg, webp, avif или zip.',
    ],
    [
      113,
      undefined,
      'Invalid image: only JPG, PNG, WEBP and AVIF pictures can be processed.',
      'Неверное изображение: обрабатываются только JPG, PNG, WEBP и AVIF.',
    ],
    [114, undefined, 'The background image is not valid.', 'Фоновое изображение некорректно.'],
    [115, 'yes', 'Crop must be true or false.', 'Параметр crop должен быть true или false.'],
    [
      116,
      '1x',
      'Invalid crop margin: use 1, 2 or 4 values in px or %.',
      'Неверные отступы обрезки: укажите 1, 2 или 4 значения в px или %.',
    ],
  ])('errorCode %i reads in en and ru', (code, value, en, ru) => {
    expect(messageOf(actionFailed(code, value))).toBe(en);
    expect(messageOf(actionFailed(code, value), 'ru')).toBe(ru);
  });

  it('shows the maximum file size in MB from the bytes the server reports', () => {
    expect(messageOf(actionFailed(103, 10 * 1024 * 1024))).toBe('The file is too big: the maximum is 10 MB.');
  });

  it.each([
    [
      113,
      'damaged',
      'The file is damaged: it cannot be read as an image.',
      'Файл повреждён: его не удаётся прочитать как изображение.',
    ],
    [113, 200, 'The image is larger than 200 megapixels.', 'Изображение больше 200 мегапикселей.'],
    [114, 'damaged', 'The background image file is damaged.', 'Файл фонового изображения повреждён.'],
    [
      114,
      200,
      'The background image is larger than 200 megapixels.',
      'Фоновое изображение больше 200 мегапикселей.',
    ],
  ])('says what was wrong with image %i (%s)', (code, value, en, ru) => {
    expect(messageOf(actionFailed(code, value))).toBe(en);
    expect(messageOf(actionFailed(code, value), 'ru')).toBe(ru);
  });

  it('marks the input invalid for 103, 107, 108, 109, 113 and 124 (no subject) only', () => {
    const invalid = [
      100, 101, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 124, 125,
    ].filter((code) => isInvalidInput(removalFailureOf(actionFailed(code))));
    expect(invalid).toEqual([103, 107, 108, 109, 113, 124]);
  });

  it('says when no subject was found, or more than one image was given', () => {
    expect(messageOf(actionFailed(124))).toBe('No subject found in the image: there is nothing to cut out.');
    expect(messageOf(actionFailed(124), 'ru')).toBe('На изображении не найден объект: вырезать нечего.');
    expect(messageOf(actionFailed(125), 'ru')).toBe(
      'Передано больше одного изображения: отправьте один файл или одну ссылку.',
    );
  });

  it('gives the unknown error for another errorCode, another code or an unreadable answer', () => {
    const unknown = 'Unknown error during image processing.';
    expect(messageOf(actionFailed(999))).toBe(unknown);
    expect(
      messageOf(new ApiError({ status: 400, code: 'ACTION_FAILED', message: 'x', details: 'nope' })),
    ).toBe(unknown);
    expect(messageOf(new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }))).toBe(unknown);
    expect(messageOf(new ApiError({ status: 502, code: 'UNKNOWN_ERROR', message: 'Bad Gateway' }))).toBe(
      unknown,
    );
    expect(messageOf(new SyntaxError('Unexpected token'))).toBe(unknown);
    expect(messageOf(new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }), 'ru')).toBe(
      'Неизвестная ошибка при обработке изображения.',
    );
  });

  it('names the account failures apart from the image failures', () => {
    expect(
      removalFailureOf(new ApiError({ status: 402, code: 'INSUFFICIENT_BALANCE', message: 'x' })),
    ).toEqual({
      type: 'insufficientBalance',
    });
    expect(
      removalFailureOf(new ApiError({ status: 401, code: 'AUTHORIZATION_REQUIRED', message: 'x' })),
    ).toEqual({
      type: 'authorizationRequired',
    });
    expect(messageOf(new ApiError({ status: 401, code: 'AUTHORIZATION_REQUIRED', message: 'x' }))).toBe(
      'You must be logged in to the service to perform the operation!',
    );
  });
});
