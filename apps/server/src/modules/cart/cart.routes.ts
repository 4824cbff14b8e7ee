import {
  contactSetListFilterSchema,
  contactSetListSchema,
  contactSetSchema,
  createContactSetRequestSchema,
  deliveryOptionListSchema,
  paymentOptionListSchema,
  pickupPointListSchema,
  resultSchema,
  shoppingCartSchema,
  updateShoppingCartRequestSchema,
} from '@cutout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeOption } from '../store/store.service.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { CartDeps, CartService, CartViewer } from './cart.service.ts';
import type { ContactSetsService } from './contact-sets.service.ts';
import type { DeliveryService } from './delivery.service.ts';

/** The cart's viewer: a signed-in user (SPEC §2.2: the cart is only for them) and the store's rules. */
export function cartViewerOf(request: FastifyRequest): CartViewer {
  const user = requireUser(request);
  const { store } = request;
  return {
    userId: user.id,
    language: store.language,
    currency: store.currency,
    rules: {
      countStock: storeOption(store, 'AllowClientProductInStock'),
      allowDelivery: storeOption(store, 'AllowDelivery'),
      recipientRequired: storeOption(store, 'RecipientContactsRequired'),
      // An anonymous buyer has no personal account to pay from.
      personalAccount: storeOption(store, 'AllowPersonalAccount') && !user.anonymous,
    },
  };
}

const emptyBody = z.object({}).passthrough().nullish();

/** /shoppingCarts (SPEC §7.3): the cart, its delivery options and pickup points, the payment options. */
export async function cartRoutes(
  app: FastifyInstance,
  options: {
    cart: CartService;
    delivery: DeliveryService;
    paymentOptions: CartDeps['paymentOptions'];
  },
): Promise<void> {
  const { cart, delivery } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cartAnswer = { response: { 200: shoppingCartSchema } };

  api.post('/fetchShoppingCart', { ...signedIn, schema: { body: emptyBody, ...cartAnswer } }, (request) =>
    cart.fetch(cartViewerOf(request)),
  );
  api.post(
    '/updateShoppingCart',
    { ...signedIn, schema: { body: updateShoppingCartRequestSchema, ...cartAnswer } },
    (request) => cart.update(request.body, cartViewerOf(request)),
  );
  api.post('/resetShoppingCart', { ...signedIn, schema: { body: emptyBody, ...cartAnswer } }, (request) =>
    cart.reset(cartViewerOf(request)),
  );
  api.post(
    '/fetchPaymentOptionList',
    { ...signedIn, schema: { body: emptyBody, response: { 200: paymentOptionListSchema } } },
    async (request) => ({
      paymentOptions: await options.paymentOptions({
        language: request.store.language,
        currency: request.store.currency,
        personalAccount:
          Boolean(request.user && !request.user.anonymous) &&
          storeOption(request.store, 'AllowPersonalAccount'),
      }),
    }),
  );
  api.post(
    '/deliveryOptions/fetchDeliveryOptionList',
    { ...signedIn, schema: { body: emptyBody, response: { 200: deliveryOptionListSchema } } },
    async (request) => ({ deliveryOptions: await delivery.list(request.store) }),
  );
  api.post(
    '/deliveryOptions/:id/fetchPickupPointList',
    {
      ...signedIn,
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: emptyBody,
        response: { 200: pickupPointListSchema },
      },
    },
    async (request) => ({ pickupPoints: await delivery.pickupPoints(request.params.id, request.store) }),
  );
}

/** /partnerContactSets (SPEC §7.7): the user's own contact sets only. */
export async function contactSetRoutes(
  app: FastifyInstance,
  options: { contactSets: ContactSetsService },
): Promise<void> {
  const { contactSets } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/fetchContactSetList',
    {
      ...signedIn,
      schema: { body: contactSetListFilterSchema.nullish(), response: { 200: contactSetListSchema } },
    },
    async (request) => {
      const where = request.body?.filter?.where ?? {};
      return {
        contactSets: await contactSets.list(requireUser(request).id, where, request.store.language),
      };
    },
  );
  api.post(
    '/',
    { ...signedIn, schema: { body: createContactSetRequestSchema, response: { 200: contactSetSchema } } },
    (request) => contactSets.create(requireUser(request).id, request.body, request.store.language),
  );
  // DELETE /{id}; a DELETE without an id is core_object_not_set (SPEC §5).
  for (const path of ['/', '/:id']) {
    api.delete(
      path,
      {
        ...signedIn,
        schema: {
          params: z.object({ id: z.string().max(100).optional() }),
          response: { 200: resultSchema },
        },
      },
      async (request) => {
        await contactSets.delete(requireUser(request).id, request.params.id);
        return { result: true };
      },
    );
  }
}
