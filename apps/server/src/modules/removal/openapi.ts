import {
  accountResponseSchema,
  actionErrorCodes,
  errorBodySchema,
  publicRemoveBgFieldsSchema,
  removalHeaders,
} from '@cutout/contracts';
import { z } from 'zod';

const schema = (zodSchema: z.ZodType) =>
  z.toJSONSchema(zodSchema, { target: 'draft-2020-12', unrepresentable: 'any' });

const header = (description: string) => ({ description, schema: { type: 'integer' } });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document of the public API, built from the shared contracts. */
export function openApiDocument(serverUrl: string) {
  const fields = schema(publicRemoveBgFieldsSchema) as { properties: Record<string, object> };
  const multipartProperties = {
    ...fields.properties,
    image_file: {
      type: 'string',
      format: 'binary',
      description: 'The photo (JPG, PNG, WEBP or AVIF, up to 32 MB).',
    },
    bg_image_file: { type: 'string', format: 'binary', description: 'A background image.' },
  };
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
        'Removes the background from photos. Send the key in the X-Access-Token header; without it only ' +
        'previews are allowed. A full-size result costs one litre from the balance of the key owner.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      schemas: { Error: schema(errorBodySchema), Account: schema(accountResponseSchema) },
    },
    'x-error-codes': actionErrorCodes,
    paths: {
      '/api/v1/removebg': {
        post: {
          operationId: 'removeBackground',
          summary: 'Remove the background of a photo',
          security: [{ accessToken: [] }, {}],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': { schema: { type: 'object', properties: multipartProperties } },
              'application/json': { schema: { type: 'object', properties: fields.properties } },
            },
          },
          responses: {
            200: {
              description: 'The result: the image, or JSON when output_format is json.',
              headers: {
                [removalHeaders.width]: header('Width of the result in px.'),
                [removalHeaders.height]: header('Height of the result in px.'),
                [removalHeaders.foregroundTop]: header('Top of the subject box in px.'),
                [removalHeaders.foregroundLeft]: header('Left of the subject box in px.'),
                [removalHeaders.foregroundWidth]: header('Width of the subject box in px.'),
                [removalHeaders.foregroundHeight]: header('Height of the subject box in px.'),
                [removalHeaders.creditsCharged]: header(
                  'Litres charged: 0 for a preview, 1 for a full size.',
                ),
                [removalHeaders.processingTime]: header(
                  'Milliseconds the server spent on the request, from its arrival to the result.',
                ),
                ...rateHeaders,
              },
              content: {
                'image/png': { schema: { type: 'string', format: 'binary' } },
                'image/jpeg': { schema: { type: 'string', format: 'binary' } },
                'image/webp': { schema: { type: 'string', format: 'binary' } },
                'image/avif': { schema: { type: 'string', format: 'binary' } },
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      data: {
                        type: 'object',
                        properties: {
                          result_b64: { type: 'string' },
                          type: { type: 'string' },
                          width: { type: 'integer' },
                          height: { type: 'integer' },
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
              'ACTION_FAILED: an invalid parameter or image; details.errorCode says which (100–116). ' +
                'MALFORMED_FORM: a multipart body that cannot be read (no boundary).',
            ),
            401: errorResponse('A full size without a key (ACTION_FAILED, errorCode 101).'),
            402: errorResponse('INSUFFICIENT_BALANCE: no litres left.'),
            403: errorResponse('The key is not valid (ACTION_FAILED, errorCode 100).'),
            413: errorResponse(
              'PAYLOAD_TOO_LARGE (a JSON body over 48 MB), FORM_TOO_MANY_PARTS (over 30 fields or 4 ' +
                'files) or FORM_FIELD_TOO_LARGE (a text field over 64 KB; base64 images have their own limit).',
            ),
            429: errorResponse(
              'RATE_LIMITED: too many requests, or 10 wrong keys from one address in 10 minutes; see Retry-After.',
            ),
            503: errorResponse('SERVER_BUSY: every image processor is busy; see Retry-After.'),
          },
        },
      },
      '/api/v1/account': {
        get: {
          operationId: 'account',
          summary: 'The litre balance of the key owner',
          security: [{ accessToken: [] }],
          responses: {
            200: {
              description: 'The balance.',
              headers: rateHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
            },
            401: errorResponse('No key (ACTION_FAILED, errorCode 101).'),
            403: errorResponse('The key is not valid (ACTION_FAILED, errorCode 100).'),
            429: errorResponse('RATE_LIMITED: see Retry-After.'),
          },
        },
      },
    },
  };
}
