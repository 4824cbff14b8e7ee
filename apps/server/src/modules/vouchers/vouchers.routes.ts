import {
  appliedPinCodeSchema,
  applyPinCodeRequestSchema,
  issuedVouchersSchema,
  issueVouchersRequestSchema,
  type Language,
  languages,
  sendVoucherRequestSchema,
  voucherListSchema,
  voucherSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorGuard } from '../../platform/http/operator.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { VouchersService } from './vouchers.service.ts';

const emptyBody = z.object({}).passthrough().nullish();
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The success notice of SPEC §8.1. */
const appliedMessage: Record<Language, string> = {
  en: 'Pincode successfully applied!',
  ru: 'Пин-код успешно применён!',
};

/**
 * Pin codes and gift cards for the signed-in user: apply a code (SPEC §7.3 applyPinCode, under
 * /shoppingCarts), list the codes they bought or applied, send a gift card's code to someone; and
 * for the operator (x-operator-token), issue a batch of codes.
 */
export async function vouchersRoutes(
  app: FastifyInstance,
  options: { vouchers: VouchersService; requireOperator: OperatorGuard },
) {
  const { vouchers, requireOperator } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/shoppingCarts/applyPinCode',
    { ...signedIn, schema: { body: applyPinCodeRequestSchema, response: { 200: appliedPinCodeSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { language } = request.store;
      const voucher = await vouchers.apply(
        { userId: user.id, client: request.ip, language },
        request.body.pinCode,
      );
      return { voucher, message: appliedMessage[language] };
    },
  );
  api.post(
    '/vouchers/fetchVoucherList',
    { ...signedIn, schema: { body: emptyBody, response: { 200: voucherListSchema } } },
    async (request) => {
      const output = await vouchers.list(requireUser(request).id, request.store.language);
      return { output, totalCount: output.length };
    },
  );
  api.post(
    '/vouchers/:id/send',
    {
      ...signedIn,
      schema: { params: idParams, body: sendVoucherRequestSchema, response: { 200: voucherSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const language = languages.find((candidate) => candidate === request.body.language);
      return vouchers.send(
        user.id,
        request.params.id,
        {
          email: request.body.email,
          fromName: user.fullName ?? null,
          language: language ?? request.store.language,
        },
        request.store.language,
      );
    },
  );
  api.post(
    '/vouchers/issue',
    {
      onRequest: async (request) => requireOperator(request),
      schema: { body: issueVouchersRequestSchema, response: { 200: issuedVouchersSchema } },
    },
    async (request) => ({
      codes: await vouchers.issueBatch(
        request.body,
        request.store.snapshot.currencies.map((currency) => currency.characterCode),
      ),
    }),
  );
}
