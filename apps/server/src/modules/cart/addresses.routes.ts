import {
  addressSuggestionListSchema,
  currentSettlementSchema,
  resultSchema,
  settlementListSchema,
  suggestAddressRequestSchema,
  suggestLocalityRequestSchema,
  upsertSettlementRequestSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AddressSuggester, Settlement } from '../../platform/addresses/addresses.port.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { refuseWhenLimited } from '../../platform/rate-limit.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { ContactSetsService } from './contact-sets.service.ts';

const present = ({ population: _population, ...settlement }: Settlement) => settlement;

/** Address suggestions (SPEC §7.7 /suggest/address) and the buyer's settlement (§7.6 partnerSettlements). */
export async function addressRoutes(
  app: FastifyInstance,
  options: { suggester: AddressSuggester; contactSets: ContactSetsService; limiter: RateLimiter },
): Promise<void> {
  const { suggester, contactSets } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Suggestions follow typing: many a minute from one person is normal, thousands are a scraper.
  const limit = async (ip: string) =>
    refuseWhenLimited(await options.limiter.hit(`suggest:${ip}`, { limit: 300, windowMs: 60_000 }));

  api.post(
    '/suggest/address',
    { schema: { body: suggestAddressRequestSchema, response: { 200: addressSuggestionListSchema } } },
    async (request) => {
      await limit(request.ip);
      const suggestions = await suggester.suggestAddresses({
        query: request.body.query,
        count: request.body.count ?? 10,
        settlementId: request.body.settlementId,
        language: request.store.language,
      });
      return { suggestions: suggestions.map((item) => ({ ...item, settlement: present(item.settlement) })) };
    },
  );
  api.post(
    '/suggest/address/locale',
    { schema: { body: suggestLocalityRequestSchema, response: { 200: settlementListSchema } } },
    async (request) => {
      await limit(request.ip);
      const settlements = await suggester.suggestSettlements({
        query: request.body.query,
        count: request.body.count ?? 10,
        countryCode: request.body.countryCode,
        language: request.store.language,
      });
      return { settlements: settlements.map(present) };
    },
  );
  api.post(
    '/partnerSettlements/fetchCurrentPartnerSettlement',
    { schema: { body: z.object({}).passthrough().nullish(), response: { 200: currentSettlementSchema } } },
    async (request) => {
      const language = request.store.language;
      const chosenId = request.user ? await contactSets.settlementOf(request.user.id) : null;
      const chosen = chosenId ? await suggester.settlementById(chosenId, language) : null;
      return {
        settlement: present(chosen ?? (await suggester.defaultSettlement(language))),
        chosen: chosen !== null,
      };
    },
  );
  api.post(
    '/partnerSettlements/bulkUpsert',
    { ...signedIn, schema: { body: upsertSettlementRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      const last = request.body.items.at(-1);
      if (last) await contactSets.setSettlement(requireUser(request).id, last.settlementId);
      return { result: true };
    },
  );
}
