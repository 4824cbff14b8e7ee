import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import type { AuthChannels } from './auth-rules.ts';
import { registrationPayload, registrationRefusal } from './registration-request.ts';

const emailOnly: AuthChannels = {
  required: ['email'],
  email: true,
  phone: false,
  emailVerification: true,
  phoneVerification: false,
};
const both: AuthChannels = {
  ...emailOnly,
  required: ['email', 'phone'],
  phone: true,
  phoneVerification: true,
};
const t = (key: string) => key;
const serverError = (code: string, details?: unknown, status = 400) =>
  new ApiError({ status, code, message: `server: ${code}`, details, fromServer: true });
const context = { channels: emailOnly, verifyEmail: true, verifyPhone: false, t };

describe('the register call', () => {
  it('sends only the required channels, the granted codes and the stored preferences', () => {
    const item = (id: string, granted: boolean) =>
      ({ id, granted }) as unknown as Parameters<typeof registrationPayload>[0]['codes'][number];
    expect(
      registrationPayload({
        channels: emailOnly,
        email: 'ann@example.com',
        phoneNumber: '+79123456789',
        password: 'secret-123',
        fullName: '  Ann  ',
        codes: [item('e1', true), item('p1', false), null],
        redirectUrl: 'https://cutout.example/en?modal=registration-success',
        session: { localeId: 'en', currencyId: null },
      }),
    ).toEqual({
      email: 'ann@example.com',
      password: 'secret-123',
      fullName: 'Ann',
      redirectUrl: 'https://cutout.example/en?modal=registration-success',
      permissionItemList: [{ id: 'e1' }],
      localeId: 'en',
    });
  });
});

describe('a refused registration', () => {
  it('shows a taken address on the field the server names, else on the first required one', () => {
    expect(
      registrationRefusal(serverError('USER_ALREADY_EXISTS', { field: 'phoneNumber' }, 409), context),
    ).toEqual({
      type: 'taken',
      address: 'phoneNumber',
    });
    expect(registrationRefusal(serverError('USER_ALREADY_EXISTS', undefined, 409), context)).toEqual({
      type: 'taken',
      address: 'email',
    });
  });

  it('puts a code problem on the code field of its channel', () => {
    expect(registrationRefusal(serverError('CODE_EXPIRED', { field: 'email' }), context)).toEqual({
      type: 'fields',
      errors: { emailCode: 'server: CODE_EXPIRED' },
    });
    const withPhone = { ...context, channels: both, verifyPhone: true };
    expect(registrationRefusal(serverError('CODE_NOT_VALID', { field: 'phoneNumber' }), withPhone)).toEqual({
      type: 'fields',
      errors: { phoneCode: 'server: CODE_NOT_VALID' },
    });
  });

  it('puts validation issues on their fields, and anything else on the form', () => {
    const invalid = serverError('VALIDATION_ERROR', {
      issues: [
        { path: 'fullName', key: 'error_invalid_characters', message: 'Remove the control characters.' },
      ],
    });
    expect(registrationRefusal(invalid, context)).toEqual({
      type: 'fields',
      errors: { fullName: 'Remove the control characters.' },
    });
    expect(registrationRefusal(serverError('RATE_LIMITED', undefined, 429), context)).toEqual({
      type: 'form',
      message: 'server: RATE_LIMITED',
    });
  });
});
