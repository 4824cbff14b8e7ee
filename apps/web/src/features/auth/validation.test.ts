import { describe, expect, it } from 'vitest';
import { checkRepeatPassword, type Errors } from '../../shared/validation/field-checks.ts';
import { permissionItemFixture } from '../../test/users-api.ts';
import {
  checkVerification,
  combinedRequiredKey,
  dropFieldError,
  type RegistrationField,
  validateLogin,
  validateRegistration,
} from './validation.ts';

describe('validateLogin', () => {
  it('combines an empty address and password into one message per channel', () => {
    expect(validateLogin({ channel: 'email', address: '', password: '' }).form).toBe(
      'error_auth_info_required',
    );
    expect(validateLogin({ channel: 'phone', address: '', password: '' }).form).toBe(
      'error_auth_phone_info_required',
    );
  });

  it('asks for the login and password fields when the store requires both channels (tabs)', () => {
    for (const channel of ['email', 'phone'] as const) {
      expect(validateLogin({ channel, address: '', password: '', tabs: true })).toEqual({
        form: 'error_login_info_required',
        address: 'error_login_info_required',
        password: 'error_login_info_required',
      });
    }
    expect(validateLogin({ channel: 'phone', address: '', password: 'x', tabs: true })).toEqual({
      address: 'error_phone_number_required',
    });
  });

  it('checks only what is wrong otherwise', () => {
    expect(validateLogin({ channel: 'email', address: '', password: 'x' })).toEqual({
      address: 'error_email_required',
    });
    expect(validateLogin({ channel: 'phone', address: '+7912', password: '' })).toEqual({
      address: 'error_phone_number_invalid',
      password: 'error_password_required',
    });
    // An old account may have a short password: login does not judge its length.
    expect(validateLogin({ channel: 'email', address: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('dropFieldError', () => {
  const combined = 'Fill in phone and password.';
  const emptyForm: Errors<RegistrationField> = {
    form: combined,
    phoneNumber: combined,
    password: combined,
    repeatPassword: 'Repeat the password.',
  };

  it('drops the edited field’s message, and the combined one with the last field it names', () => {
    const phoneEdited = dropFieldError(emptyForm, 'phoneNumber');
    expect(phoneEdited).toEqual({
      form: combined,
      password: combined,
      repeatPassword: 'Repeat the password.',
    });
    expect(dropFieldError(phoneEdited, 'password')).toEqual({ repeatPassword: 'Repeat the password.' });
  });

  it('keeps a form message of its own and gives back the same messages when the field had none', () => {
    const errors: Errors<'email' | 'password'> = {
      form: 'Too many requests.',
      password: 'Fill in the password.',
    };
    expect(dropFieldError(errors, 'password')).toEqual({ form: 'Too many requests.' });
    expect(dropFieldError(errors, 'email')).toBe(errors);
  });
});

describe('combinedRequiredKey', () => {
  it('names every combination of SPEC §5 and nothing for a single empty field', () => {
    expect(combinedRequiredKey({ email: true, phone: true, password: true })).toBe(
      'error_auth_email_phone_info_required',
    );
    expect(combinedRequiredKey({ email: true, phone: true })).toBe('error_auth_email_phone_required');
    expect(combinedRequiredKey({ email: true, password: true })).toBe('error_auth_info_required');
    expect(combinedRequiredKey({ phone: true, password: true })).toBe('error_auth_phone_info_required');
    expect(combinedRequiredKey({ phone: true, password: true, tabs: true })).toBe(
      'error_login_info_required',
    );
    expect(combinedRequiredKey({ email: true })).toBeNull();
    expect(combinedRequiredKey({ password: true, tabs: true })).toBeNull();
  });
});

describe('validateRegistration', () => {
  const filled = {
    email: 'ann@example.com',
    phoneNumber: '+79123456789',
    emailCode: null,
    phoneCode: null,
    password: 'secret-password',
    repeatPassword: 'secret-password',
  };

  it('passes a complete form', () => {
    expect(validateRegistration(filled)).toEqual({});
  });

  it.each([
    [
      { email: '', phoneNumber: '', password: '' },
      'error_auth_email_phone_info_required',
      ['email', 'phoneNumber', 'password'],
    ],
    [{ email: '', phoneNumber: '' }, 'error_auth_email_phone_required', ['email', 'phoneNumber']],
    [{ phoneNumber: '', password: '' }, 'error_auth_phone_info_required', ['phoneNumber', 'password']],
    [{ email: '', password: '' }, 'error_auth_info_required', ['email', 'password']],
  ])('gives required fields empty together one message: %o', (empty, key, fields) => {
    const errors = validateRegistration({ ...filled, ...empty, repeatPassword: 'secret-password' });
    expect(errors.form).toBe(key);
    for (const field of fields) expect(errors[field as keyof typeof errors]).toBe(key);
  });

  it('counts only the channels the store requires', () => {
    const phoneOnly = { ...filled, email: null, phoneNumber: '', password: '' };
    expect(validateRegistration(phoneOnly).form).toBe('error_auth_phone_info_required');
    expect(validateRegistration({ ...phoneOnly, password: 'secret-password' })).toEqual({
      phoneNumber: 'error_phone_number_required',
    });
  });

  it("keeps the other messages beside a combined one, but not a code's for an address not given", () => {
    expect(
      validateRegistration({
        ...filled,
        email: '',
        password: '',
        repeatPassword: '',
        emailCode: 'error_email_confirmed',
      }),
    ).toEqual({
      form: 'error_auth_info_required',
      email: 'error_auth_info_required',
      password: 'error_auth_info_required',
      repeatPassword: 'error_repeat_password_required',
    });
    expect(
      validateRegistration({
        ...filled,
        password: '',
        repeatPassword: '',
        emailCode: 'error_email_confirmed',
      }),
    ).toMatchObject({ password: 'error_password_required', emailCode: 'error_email_confirmed' });
  });

  it('refuses a password shorter than 8 characters', () => {
    expect(validateRegistration({ ...filled, password: 'secret7', repeatPassword: 'secret7' })).toEqual({
      password: 'error_password_too_short',
    });
  });

  it('refuses a password among the first ones guessed, before sending it', () => {
    expect(validateRegistration({ ...filled, password: '12345678', repeatPassword: '12345678' })).toEqual({
      password: 'error_password_too_common',
    });
  });
});

describe('checkVerification', () => {
  const now = Date.now();
  const check = (item: ReturnType<typeof permissionItemFixture> | null, code = '') =>
    checkVerification({ typeId: 'email', item, code, now });

  it('follows SPEC §5: no item, granted, expired, empty code, wrong code', () => {
    expect(check(null)).toBe('error_email_confirmed');
    expect(checkVerification({ typeId: 'phone', item: null, code: '', now })).toBe(
      'error_phone_number_confirmed',
    );
    expect(check(permissionItemFixture({ granted: true }))).toBeNull();
    expect(check(permissionItemFixture({ expiredAt: new Date(now - 1).toISOString() }), '123456')).toBe(
      'error_verification_code_expired',
    );
    expect(check(permissionItemFixture())).toBe('error_email_verification_code_required');
    expect(check(permissionItemFixture(), '123')).toBe('error_verification_code_not_valid');
  });
});

describe('checkRepeatPassword', () => {
  it('requires the repeat and the same text', () => {
    expect(checkRepeatPassword('secret1', '')).toBe('error_repeat_password_required');
    expect(checkRepeatPassword('secret1', 'secret2')).toBe('user_registration_password_mismatch');
    expect(checkRepeatPassword('secret1', 'secret1')).toBeNull();
  });
});
