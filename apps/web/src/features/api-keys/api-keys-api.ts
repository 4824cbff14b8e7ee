import {
  type ApiKey,
  apiKeyListSchema,
  apiKeySchema,
  issuedApiKeySchema,
  resultSchema,
} from '@cutout/contracts';
import { apiRequest } from '../../shared/api/client.ts';

export type { ApiKey };

const post = <T>(actionId: string, call: string, body: unknown, parse: (data: unknown) => T) =>
  apiRequest(`/actions/${encodeURIComponent(actionId)}/${call}`, { method: 'POST', body, parse });

/** The API key calls of SPEC §7.2 for the signed-in user. */
export const apiKeysApi = {
  list: (actionId: string) =>
    post(actionId, 'fetchTokenList', {}, (data) => apiKeyListSchema.parse(data).tokens),

  /** A new key: `value` is the key itself, shown this once. */
  issue: (actionId: string, label: string) =>
    post(actionId, 'issueToken', { label }, (data) => issuedApiKeySchema.parse(data)),

  rename: (actionId: string, id: string, label: string) =>
    post(actionId, 'updateToken', { id, label }, (data) =>
      apiKeySchema.parse((data as { token: unknown }).token),
    ),

  revoke: (actionId: string, id: string) =>
    post(actionId, 'revokeToken', { id }, (data) => resultSchema.parse(data)),
};

export const apiKeysQueryKey = (actionId: string) => ['apiKeys', actionId] as const;
