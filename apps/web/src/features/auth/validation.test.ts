import { describe, expect, it } from 'vitest';
import { permissionItemFixture } from '../../test/users-api.ts';
import { checkRepeatPassword, checkVerification, validateLogin } from './validation.ts';

describe('validateLogin', () => {
  it('combines an empty address and password into one message per channel', () => {
    expect(validateLogin({ channel: 'email', address: '', password: '' }).form).toBe(
      'error_auth_info_required',
    );
    expect(validateLogin({ channel: 'phone', address: '', password: '' }).form).toBe(
      'error_auth_phone_info_required',
    );
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
