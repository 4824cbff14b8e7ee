import { z } from 'zod';

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
