import {
  accountResponseSchema,
  actionErrorCodes,
  publicApiErrorBodySchema,
  publicRemoveBgFieldsSchema,
  removalHeaders,
} from '@cutout/contracts';
import { z } from 'zod';

const schema = (zodSchema: z.ZodType) =>
  z.toJSONSchema(zodSchema, { target: 'draft-2020-12', unrepresentable: 'any' });

const header = (description: string) => ({ description, schema: { type: 'integer' } });

/** The values of the fields that take a fixed set, and what an absent one means (remove.bg's). */
const fieldChoices: Record<string, { enum: string[]; default: string }> = {
  size: { enum: ['preview', 'small', 'regular', 'medium', 'hd', 'full', '4k', 'auto'], default: 'preview' },
  type: { enum: ['auto', 'person', 'product', 'car', 'animal', 'graphics', 'other'], default: 'auto' },
  type_level: { enum: ['none', '1', '2', 'latest'], default: '1' },
  format: { enum: ['auto', 'png', 'jpg', 'webp', 'avif', 'zip'], default: 'auto' },
  channels: { enum: ['rgba', 'alpha'], default: 'rgba' },
  output_format: {
    enum: ['image', 'json', 'auto', 'png', 'jpg', 'webp', 'avif', 'zip'],
    default: 'image',
  },
  crop: { enum: ['true', 'false'], default: 'false' },
  add_shadow: { enum: ['true', 'false'], default: 'false' },
  semitransparency: { enum: ['true', 'false'], default: 'true' },
};

/** The switches among them: a JSON body gives them as booleans (the strings are taken too). */
const switches = ['crop', 'add_shadow', 'semitransparency'];

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document of the public API, built from the shared contracts. */
export function openApiDocument(serverUrl: string) {
  const plain = schema(publicRemoveBgFieldsSchema) as { properties: Record<string, object> };
  // The form's fields are text (multipart has no other kind); those with a fixed set of values say
  // which, and their default, so that a client generator can offer them.
  const fields = {
    properties: Object.fromEntries(
      Object.entries(plain.properties).map(([name, property]) => [
        name,
        { ...property, ...fieldChoices[name] },
      ]),
    ),
  };
  const multipartProperties = {
    ...fields.properties,
    image_file: {
      type: 'string',
      format: 'binary',
      description: 'The photo (JPG, PNG, WEBP or AVIF, up to 32 MB).',
    },
    bg_image_file: { type: 'string', format: 'binary', description: 'A background image.' },
  };
  // A JSON or url-encoded body carries no file parts: the images come as base64 or URLs there.
  const { image_file: _file, bg_image_file: _background, ...textProperties } = fields.properties;
  const jsonProperties = Object.fromEntries(
    Object.entries(textProperties).map(([name, property]) => {
      const choice = fieldChoices[name];
      if (!switches.includes(name) || !choice) return [name, property];
      const { enum: _values, default: _text, ...rest } = property as Record<string, unknown>;
      return [name, { ...rest, type: 'boolean', default: choice.default === 'true' }];
    }),
  );
  const retryAfter = header('Seconds to wait before trying again.');
  const rateHeaders = {
    'X-RateLimit-Limit': header('Requests allowed per minute for this key (or address, without a key).'),
    'X-RateLimit-Remaining': header('Requests left in the current minute.'),
    'X-RateLimit-Reset': header('When the minute ends, in Unix seconds.'),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cutout background removal API',
      version: '1.0.0',
      description:
        "Removes the background from photos. It speaks remove.bg's API v1.0: a client written for remove.bg " +
        'works with our base URL (also under /v1.0 and /api/v1.0) and a key of ours. Send the key in the ' +
        'X-Api-Key (or X-Access-Token) header; without it only previews are allowed. A full-size result costs ' +
        'one litre from the balance of the key owner. Errors come as {"errors":[{status, code, title, detail, ' +
        "meta}]}: code and title are remove.bg's, detail is in the Accept-Language language (en or ru), meta " +
        'holds our code and the number of an ACTION_FAILED (x-error-codes). Uploads and results are not stored: ' +
        'only the mask of a photo is kept, at most 1 hour under a digest of the photo, for a quick full size after ' +
        'a preview.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
      },
      schemas: { Error: schema(publicApiErrorBodySchema), Account: schema(accountResponseSchema) },
    },
    'x-error-codes': actionErrorCodes,
    paths: {
      '/api/v1/removebg': {
        post: {
          operationId: 'removeBackground',
          summary: 'Remove the background of a photo',
          security: [{ apiKey: [] }, { accessToken: [] }, {}],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Makes a full size safe to send again: a retry with the same key, image and options gets the ' +
                'first result again (Idempotent-Replayed: true) and is not charged again; while the first ' +
                'still runs the retry waits for it. 1–255 visible ASCII characters, such as a UUID; kept 24 ' +
                'hours per key owner. Previews are free and keep nothing. Our SDK and CLI send one per image.',
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': { schema: { type: 'object', properties: multipartProperties } },
              'application/json': { schema: { type: 'object', properties: jsonProperties } },
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: textProperties },
              },
            },
          },
          responses: {
            200: {
              description:
                'The result: the image (a ZIP for format=zip), or JSON when output_format is json or the ' +
                'request prefers application/json in its Accept header.',
              headers: {
                [removalHeaders.width]: header('Width of the result in px.'),
                [removalHeaders.height]: header('Height of the result in px.'),
                [removalHeaders.foregroundTop]: header('Top of the subject box in px.'),
                [removalHeaders.foregroundLeft]: header('Left of the subject box in px.'),
                [removalHeaders.foregroundWidth]: header('Width of the subject box in px.'),
                [removalHeaders.foregroundHeight]: header('Height of the subject box in px.'),
                [removalHeaders.creditsCharged]: header(
                  "Litres the removal cost: 0 for a preview, 1 for a full size. A replay (Idempotent-Replayed: true) repeats the first answer's figure: it was charged once, then.",
                ),
                'X-Type': {
                  description:
                    'The foreground type: the one the caller named, or with type=auto the one detected ' +
                    '(level 1: person, product, animal, car, other; level 2 adds transportation). Absent for ' +
                    'type_level=none, or when the server runs without its detector (ENGINE_CLASSIFIER=false).',
                  schema: { type: 'string' },
                },
                [removalHeaders.cost]: header(
                  'The same figure as X-Credits-Charged, under the name the site’s own remove-background screen reads.',
                ),
                [removalHeaders.sizeLimit]: {
                  description:
                    'The largest results, as previewWidth=625,previewHeight=400,fullWidth=…,fullHeight=…: a ' +
                    'client can size its uploads without asking.',
                  schema: { type: 'string' },
                },
                [removalHeaders.processingTime]: header(
                  'Milliseconds the server spent on the request, from its arrival to the result.',
                ),
                'Idempotent-Replayed': {
                  description:
                    'true on the result of an earlier request with the same Idempotency-Key: charged then ' +
                    '(X-Credits-Charged says how much), not now.',
                  schema: { type: 'string', enum: ['true'] },
                },
                ...rateHeaders,
              },
              content: {
                'image/png': { schema: { type: 'string', format: 'binary' } },
                'image/jpeg': { schema: { type: 'string', format: 'binary' } },
                'image/webp': { schema: { type: 'string', format: 'binary' } },
                'image/avif': { schema: { type: 'string', format: 'binary' } },
                'application/zip': { schema: { type: 'string', format: 'binary' } },
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      data: {
                        type: 'object',
                        properties: {
                          result_b64: { type: 'string' },
                          type: {
                            type: 'string',
                            description: 'The MIME type of result_b64, e.g. image/png.',
                          },
                          width: { type: 'integer' },
                          height: { type: 'integer' },
                          original_width: { type: 'integer', description: 'Width of the photo sent, in px.' },
                          original_height: {
                            type: 'integer',
                            description: 'Height of the photo sent, in px.',
                          },
                          foreground_top: { type: 'integer' },
                          foreground_left: { type: 'integer' },
                          foreground_width: { type: 'integer' },
                          foreground_height: { type: 'integer' },
                        },
                      },
                    },
                  },
                },
              },
            },
            400: errorResponse(
              'Invalid parameters or an unreadable image, nothing charged: remove.bg codes such as missing_source, ' +
                'invalid_file_type, failed_to_read_image, file_too_large, invalid_size, invalid_format, invalid_roi; ' +
                'meta.errorCode says which (100–125), meta.code ACTION_FAILED. Also MALFORMED_FORM, ' +
                'FORM_TOO_MANY_PARTS, FORM_FIELD_TOO_LARGE and PAYLOAD_TOO_LARGE (a body over 48 MB).',
            ),
            402: errorResponse(
              'insufficient_credits (INSUFFICIENT_BALANCE): no litres left, nothing charged.',
            ),
            403: errorResponse(
              'auth_failed: the key is not valid (errorCode 100), or a full size was asked without one (101).',
            ),
            409: {
              ...errorResponse(
                'idempotency_key_in_use (IDEMPOTENCY_KEY_IN_USE): the first request with this Idempotency-Key ' +
                  'still runs; send it again after Retry-After.',
              ),
              headers: { 'Retry-After': retryAfter },
            },
            422: errorResponse(
              'idempotency_key_reused (IDEMPOTENCY_KEY_REUSED): the Idempotency-Key was sent with another image ' +
                'or other options within 24 hours; nothing charged.',
            ),
            429: {
              ...errorResponse(
                'rate_limit_exceeded (RATE_LIMITED): too many requests, or 10 wrong keys from one address in 10 ' +
                  'minutes; see Retry-After. The X-RateLimit headers describe the limit that refused: for the ' +
                  'wrong-key lock X-RateLimit-Limit is 10 and X-RateLimit-Reset is when the lock ends.',
              ),
              headers: { 'Retry-After': retryAfter, ...rateHeaders },
            },
            503: {
              ...errorResponse(
                'service_unavailable (SERVER_BUSY): every image processor is busy; see Retry-After.',
              ),
              headers: { 'Retry-After': retryAfter },
            },
          },
        },
      },
      '/api/v1/account': {
        get: {
          operationId: 'account',
          summary: 'The litre balance of the key owner',
          security: [{ apiKey: [] }, { accessToken: [] }],
          responses: {
            200: {
              description: 'The balance.',
              headers: rateHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
            },
            403: errorResponse('auth_failed: no key (errorCode 101) or a key that is not valid (100).'),
            429: errorResponse('rate_limit_exceeded: see Retry-After.'),
          },
        },
      },
    },
  };
}
