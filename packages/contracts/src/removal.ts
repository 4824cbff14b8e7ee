import { type ErrorCode, errorCodes } from './errors.ts';
import type { PublicApiAccount, PublicApiErrorBody } from './public-api.ts';
import { z } from './zod.ts';

/** An API key as its owner sees it in the list: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ tokens: z.array(apiKeySchema) });
/** The answer of issueToken: the only time the key itself is shown. */
export const issuedApiKeySchema = z.object({ token: apiKeySchema, value: z.string() });
export const issueApiKeyRequestSchema = z.object({
  label: z.string({ error: 'error_label_required' }).trim().min(1, 'error_label_required').max(100),
});
export const updateApiKeyRequestSchema = issueApiKeyRequestSchema.extend({ id: z.string().min(1) });
export const revokeApiKeyRequestSchema = z.object({
  id: z.string({ error: 'core_object_not_set' }).min(1, 'core_object_not_set'),
});

/** The remove-background action's error codes (SPEC §8.3), carried in `details.errorCode` of ACTION_FAILED. */
export const actionFailedDetailsSchema = z.object({
  errorCode: z.number().int(),
  value: z.union([z.string(), z.number()]).optional(),
});

/**
 * The `value` of errors 113 (image) and 114 (background) when the file is a JPG, PNG, WEBP or AVIF and is
 * still refused: `damaged` when it cannot be decoded; a number when it is larger than that many
 * megapixels. Without a value the file is not a JPG, PNG, WEBP or AVIF at all.
 */
export const imageProblem = { damaged: 'damaged' } as const;

/**
 * The `value` of errors 106 (background) and 107 (image) when the address given could not be
 * downloaded: a fixed English phrase, as remove.bg's API gives its causes, that names no address or
 * network detail. Pages and messages in another language translate it by its name
 * (`downloadProblemOf`); a value not among these shows as it is.
 */
export const downloadProblem = {
  invalidUrl: () => 'not a valid URL',
  scheme: () => 'only http and https URLs',
  credentials: () => 'URLs with credentials are not accepted',
  notPublic: () => 'the address is not public',
  unreachable: () => 'the address is not reachable',
  redirects: (count: number) => `more than ${count} redirects`,
  timeout: (seconds: number) => `no answer within ${seconds} s`,
  status: (status: number) => `the server answered HTTP ${status}`,
  tooLarge: () => 'the download is too large',
  interrupted: () => 'the download was interrupted',
} as const;

export type DownloadProblem = keyof typeof downloadProblem;

const downloadProblemPatterns = Object.entries(downloadProblem).map(([name, phrase]) => {
  const template = (phrase as (count: number) => string)(0)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('0', '(\\d+(?:\\.\\d+)?)');
  return { name: name as DownloadProblem, pattern: new RegExp(`^${template}$`) };
});

/** Which download problem a 106 or 107 value names, with its number where it has one; null for another value. */
export function downloadProblemOf(value: unknown): { name: DownloadProblem; count: number } | null {
  if (typeof value !== 'string') return null;
  for (const { name, pattern } of downloadProblemPatterns) {
    const match = pattern.exec(value);
    if (match) return { name, count: Number(match[1] ?? 0) };
  }
  return null;
}

/** Fields of the execute call (multipart form, SPEC §7.2); every value is a string, files are files. */
export const executeFieldNames = [
  'image_file',
  'image_file_url',
  'image_file_b64',
  'size',
  'channels',
  'format',
  'output_format',
  'bg_color',
  'bg_image_file',
  'bg_image_file_url',
  'crop',
  'crop_margin',
] as const;

/** Response headers of the execute call and the public API. */
export const removalHeaders = {
  cost: 'x-action-cost',
  sizeLimit: 'x-size-limit',
  width: 'x-width',
  height: 'x-height',
  foregroundTop: 'x-foreground-top',
  foregroundLeft: 'x-foreground-left',
  foregroundWidth: 'x-foreground-width',
  foregroundHeight: 'x-foreground-height',
  creditsCharged: 'x-credits-charged',
  /** Milliseconds the server spent on the request, from its arrival to the result. */
  processingTime: 'x-processing-time-ms',
} as const;

/** Reads `X-Size-Limit: previewWidth=625,previewHeight=400,fullWidth=6250,fullHeight=6250`. */
export function parseSizeLimit(header: string | null | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.split('=').map((part) => part.trim());
    if (key && value && Number.isFinite(Number(value))) limits[key] = Number(value);
  }
  return limits;
}

/** GET /api/v1/account: the litre balance of the key's owner. */
export const accountResponseSchema = z.object({
  data: z.object({
    attributes: z.object({
      litres: z
        .object({
          total: z.number().int().describe('Every litre on the account: what full sizes can be paid with.'),
          free: z.number().int().describe("Of them, what is left of this month's free litres."),
          paid: z.number().int().describe('Of them, bought, given (codes, plans) and adjusted litres.'),
        })
        .describe('The balance in litres (1 litre = 1 full-size image; previews are free).'),
      credits: z
        .object({
          total: z.number().int().describe('The same as litres.total: a litre is a credit.'),
          subscription: z.number().int().describe("Of them, a plan's litres."),
          payg: z
            .number()
            .int()
            .describe("Of them, all the rest: bundles, codes, adjustments and this month's free litres."),
          enterprise: z.number().int().describe('Always 0.'),
        })
        .describe("The balance as remove.bg's clients read it: total = subscription + payg + enterprise."),
      api: z.object({
        free_calls: z
          .number()
          .int()
          .describe("This month's free litres left: already counted in credits.payg, not on top of it."),
        sizes: z.literal('all').describe('Every size is available to the key.'),
      }),
    }),
  }),
});

const text = (description: string) => z.string().optional().describe(description);

/** The fields of POST /api/v1/removebg: remove.bg's names where they overlap (SPEC §7.2). */
export const publicRemoveBgFieldsSchema = z.object({
  image_file: z
    .string()
    .optional()
    .describe('The photo (JPG, PNG, WEBP or AVIF, up to 32 MB), as a file part.'),
  image_file_b64: text('The photo as base64 (a data: URL works too).'),
  image_url: text(
    'A public http(s) URL of the photo; fetched within 15 s, up to 32 MB, at most 3 redirects.',
  ),
  size: text(
    'preview, small or regular (up to 625×400, free); full or 4k (original size up to 6250×6250, one litre); ' +
      'medium (up to 1.5 MP, one litre); hd (up to 4 MP, one litre); auto (full when the key owner has a litre, ' +
      "else a free preview). Default preview, as remove.bg's (the web app's execute call defaults to full).",
  ),
  type: text(
    'The foreground type: auto, person, product, car, animal, graphics or other. A named type comes back in X-Type; auto is detected.',
  ),
  type_level: text('none, 1, 2 or latest. none leaves X-Type out. Default 1.'),
  format: text(
    'png, jpg, webp, avif, zip (color.jpg plus alpha.png) or auto (png with transparency, jpg when opaque). ' +
      'Default auto, as remove.bg’s; jpg has no transparency and lies on bg_color or white.',
  ),
  roi: text(
    'Region of interest "x1 y1 x2 y2" in px or % of the photo: only what lies inside can be the subject. ' +
      'Default "0% 0% 100% 100%".',
  ),
  scale: text(
    "The subject's size on the canvas, 10% to 100%, or original (default). Implies position=center.",
  ),
  position: text(
    'original, center, or "X%" / "X% Y%" (0% left or top, 100% right or bottom). Default original, center with scale.',
  ),
  channels: text('rgba (the cut-out) or alpha (the mask as a grayscale image). Default rgba.'),
  add_shadow: text('true adds a soft drop shadow under the subject. Default false.'),
  semitransparency: text('false makes every pixel either subject or background. Default true.'),
  bg_color: text('Background colour: a CSS name or hex (#81d4fa, 81d4fa, #fff, #81d4fa80).'),
  bg_image_url: text('A public http(s) URL of a background image, cover-fitted behind the subject.'),
  bg_image_file: z.string().optional().describe('A background image, as a file part.'),
  bg_image_file_b64: text('A background image as base64.'),
  crop: text('true to crop to the subject. Default false.'),
  crop_margin: text(
    'Margin around the cropped subject: 1, 2 or 4 values in px or % (CSS order), e.g. "10px 5%".',
  ),
  output_format: text(
    'image (the picture itself) or json (base64 plus sizes and the foreground box). ' +
      'Accept: application/json asks for json too. A picture format (png, jpg, webp…) here is ' +
      'format by another name.',
  ),
});

/** The error body of the public API (remove.bg's shape), for the OpenAPI document. */
export const publicApiErrorBodySchema = z.object({
  errors: z.array(
    z.object({
      status: z.string(),
      code: z.string().describe("remove.bg's code, such as file_too_large."),
      title: z.string().describe("remove.bg's English title, such as File too large."),
      detail: z.string().describe('What went wrong, in the Accept-Language language (en or ru).'),
      meta: z.object({
        code: z
          .enum(errorCodes as [ErrorCode, ...ErrorCode[]])
          .describe('Our error code (ACTION_FAILED, INSUFFICIENT_BALANCE, RATE_LIMITED…).'),
        errorCode: z.number().int().optional().describe('The number of an ACTION_FAILED (100–125).'),
        value: z.union([z.string(), z.number()]).optional(),
      }),
    }),
  ),
  requestId: z.string().optional(),
});

// The wire types of public-api.ts and these schemas are one shape.
accountResponseSchema satisfies z.ZodType<PublicApiAccount>;
publicApiErrorBodySchema satisfies z.ZodType<PublicApiErrorBody>;
