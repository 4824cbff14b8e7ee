import {
  anonymousRegisterRequestSchema,
  changeCurrencyRequestSchema,
  changeLocaleRequestSchema,
  changePasswordRequestSchema,
  checkResetLinkRequestSchema,
  checkResetLinkResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  permissionApproveSchema,
  permissionItemListSchema,
  permissionRequestSchema,
  permissionTypeSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetRequestSchema,
  resultSchema,
  revokeApiKeysRequestSchema,
  revokeApiKeysResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  updateProfileRequestSchema,
} from '@cutout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { validationError } from '../../platform/http/errors.ts';
import { clearSessionCookies } from '../../platform/http/session-cookie.ts';
import type { PasswordService } from './password.service.ts';
import type { PermissionService } from './permissions.service.ts';
import type { RegistrationService } from './registration.service.ts';
import type { UserRow } from './users.repo.ts';
import type { UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of the request's access token, or null. */
    user: UserRow | null;
  }
}

/**
 * The route options of a call only a signed-in user may make: a signed-out caller gets 401
 * AUTHORIZATION_REQUIRED before its body is validated (not a 400 about a body it could not use).
 */
export const signedIn = { config: { signedIn: true } } as const;

/**
 * Resolves the user of every call in the scope from its access token, before validation, and refuses
 * a call marked `signedIn` without one. Handlers still take the user through requireUser.
 */
export function registerAuth(app: FastifyInstance, options: { users: UsersService }): void {
  app.decorateRequest('user', null);
  app.addHook('preValidation', async (request) => {
    request.user = await options.users.authenticate(request.accessToken);
    if (request.routeOptions.config.signedIn && !request.user)
      throw new DomainError('AUTHORIZATION_REQUIRED');
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only a signed-in user may call it (registerAuth). */
    signedIn?: boolean;
  }
}

/** The signed-in user, or AUTHORIZATION_REQUIRED (401). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new DomainError('AUTHORIZATION_REQUIRED');
  return request.user;
}

const typeQuery = z.object({ typeId: permissionTypeSchema });

/** The calls of SPEC §7.1 under /api/stores/users. */
export async function usersRoutes(
  app: FastifyInstance,
  options: {
    users: UsersService;
    registration: RegistrationService;
    passwords: PasswordService;
    permissions: PermissionService;
  },
): Promise<void> {
  const { users, registration, passwords, permissions } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    (request) => {
      const { email, phoneNumber, password } = request.body;
      return users.login({ store: request.store, email, phoneNumber, password, client: request.ip });
    },
  );

  api.post(
    '/logout',
    { ...signedIn, schema: { response: { 200: resultSchema } } },
    async (request, reply) => {
      requireUser(request);
      await users.logout(request.accessToken ?? '');
      clearSessionCookies(reply);
      return { result: true };
    },
  );

  api.post('/register', { schema: { response: { 200: registerResponseSchema } } }, async (request) => {
    const body = request.body as { anonymous?: unknown } | undefined;
    const common = { store: request.store, client: request.ip };
    if (body?.anonymous === true) {
      const input = parse(anonymousRegisterRequestSchema, body, request);
      return registration.registerAnonymous({ ...common, ...input });
    }
    const input = parse(registerRequestSchema, body ?? {}, request);
    return registration.register({
      ...common,
      ...input,
      permissionItemIds: (input.permissionItemList ?? []).map((item) => item.id),
    });
  });

  api.post(
    '/reset',
    { schema: { body: resetRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await passwords.requestReset({ store: request.store, ...request.body, language: request.language });
      return { result: true };
    },
  );

  api.post(
    '/checkResetLink',
    { schema: { body: checkResetLinkRequestSchema, response: { 200: checkResetLinkResponseSchema } } },
    async (request) => ({
      valid: await passwords.checkResetLink({ token: request.body.token, client: request.ip }),
    }),
  );

  api.post(
    '/permissions/request',
    {
      schema: {
        querystring: typeQuery,
        body: permissionRequestSchema,
        response: { 200: permissionItemListSchema },
      },
    },
    async (request) => {
      const item = await registration.requestCode({
        ...request.body,
        typeId: request.query.typeId,
        store: request.store,
        language: request.language,
        client: request.ip,
      });
      return { permissionItemList: [item] };
    },
  );

  api.post(
    '/permissions/approve',
    {
      schema: {
        querystring: typeQuery,
        body: permissionApproveSchema,
        response: { 200: permissionItemListSchema },
      },
    },
    async (request) => ({
      permissionItemList: await permissions.approveAll({
        storeId: request.store.snapshot.store.id,
        language: request.language,
        purpose: request.body.purpose,
        items: request.body.permissionItemList,
      }),
    }),
  );

  api.post(
    '/setPassword',
    { schema: { body: setPasswordRequestSchema, response: { 200: setPasswordResponseSchema } } },
    (request) =>
      passwords.setPassword({
        store: request.store,
        newPassword: request.body.newPassword,
        permissionItemIds: (request.body.permissionItemList ?? []).map((item) => item.id),
        resetToken: request.accessToken,
      }),
  );

  api.post(
    '/revokeApiKeys',
    { schema: { body: revokeApiKeysRequestSchema, response: { 200: revokeApiKeysResponseSchema } } },
    async (request) => ({ result: true, revoked: await passwords.revokeApiKeys(request.body.token) }),
  );

  api.post(
    '/changePassword',
    { ...signedIn, schema: { body: changePasswordRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await passwords.changePassword({
        user: requireUser(request),
        accessToken: request.accessToken,
        ...request.body,
      });
      return { result: true };
    },
  );

  api.post('/changeLocale', { ...signedIn, schema: { body: changeLocaleRequestSchema } }, (request) =>
    users.changeLocale({ store: request.store, user: requireUser(request), localeId: request.body.localeId }),
  );

  api.post('/changeCurrency', { ...signedIn, schema: { body: changeCurrencyRequestSchema } }, (request) =>
    users.changeCurrency({
      store: request.store,
      user: requireUser(request),
      currencyId: request.body.currencyId,
    }),
  );

  api.post(
    '/updateProfile',
    { ...signedIn, schema: { body: updateProfileRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await users.updateProfile({ user: requireUser(request), fullName: request.body.fullName });
      return { result: true };
    },
  );
}

function parse<T extends z.ZodType>(schema: T, body: unknown, request: FastifyRequest): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    request.language,
    'body',
  );
}
