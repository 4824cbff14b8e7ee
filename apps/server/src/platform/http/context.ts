import { type Language, languages, type StoreSelection, storeHeaderNames } from '@cutout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store, locale and currency the caller asked for (SPEC §7 headers). */
    storeSelection: StoreSelection;
    /** The access token from the Authorization header or the access_token cookie. */
    accessToken: string | undefined;
    /** The language of the answer's messages. */
    language: Language;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
};

function accessTokenOf(request: FastifyRequest): string | undefined {
  const authorization = header(request, storeHeaderNames.authorization);
  if (authorization) return authorization.replace(/^Bearer\s+/i, '') || undefined;
  return request.cookies?.access_token || undefined;
}

export const isLanguage = (candidate: string | undefined): candidate is Language =>
  (languages as readonly (string | undefined)[]).includes(candidate);

/**
 * The most preferred of our languages in an Accept-Language header (RFC 9110 §12.5.4): by the
 * weights (`q`, 1 without one; 0 refuses), in the header's order between equal weights, a tag by
 * its primary subtag ('ru-RU' is ru); undefined when it names none of ours.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language | undefined {
  if (!acceptLanguage) return undefined;
  let best: { language: Language; weight: number } | undefined;
  // A header is short; a long one is cut rather than parsed whole on every request.
  for (const part of acceptLanguage.slice(0, 512).split(',')) {
    const [tag = '', ...parameters] = part.split(';');
    const language = tag.trim().split('-')[0]?.toLowerCase();
    if (!isLanguage(language)) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > 0 && weight <= 1)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language;
}

/** The language a request speaks: its locale header, then the first path segment, then Accept-Language. */
export function languageOf(request: FastifyRequest): Language {
  const candidates = [
    header(request, storeHeaderNames.localeId),
    request.url.split('/')[1],
    preferredLanguage(header(request, 'accept-language')),
  ];
  // A plain lookup: a schema's failed parse builds an error object, on every request.
  return candidates.find(isLanguage) ?? 'en';
}

/** Reads the request headers of SPEC §7 into the request, for every route. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('storeSelection', null as unknown as StoreSelection);
  app.decorateRequest('accessToken', undefined);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.storeSelection = {
      storeId: header(request, storeHeaderNames.storeId),
      tenantClientId: header(request, storeHeaderNames.tenantClientId),
      localeId: header(request, storeHeaderNames.localeId),
      currencyId: header(request, storeHeaderNames.currencyId),
    };
    request.accessToken = accessTokenOf(request);
    request.language = languageOf(request);
  });
}
