import type { StoreInfo } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import {
  authChannels,
  codeRequired,
  hasChannelTabs,
  hasPasswordForm,
  initialChannel,
  loginGuard,
  registrationGuard,
} from './auth-rules.ts';

const passport = { slugifyId: 'local', name: 'Local ID', primaryImage: null };

function info(
  flags: { email?: boolean; phone?: boolean; emailCode?: boolean; phoneCode?: boolean },
  passports: StoreInfo['passports'] = [],
) {
  const optionItems: StoreInfo['optionItems'] = [
    { name: 'UserEmailRequired', value: flags.email ?? false },
    { name: 'UserPhoneNumberRequired', value: flags.phone ?? false },
    { name: 'UserEmailVerificationRequired', value: flags.emailCode ?? false },
    { name: 'UserPhoneNumberVerificationRequired', value: flags.phoneCode ?? false },
  ];
  return { optionItems, passports };
}

describe('auth rules', () => {
  it('asks registration for a code only on a required channel whose verification is on', () => {
    const both = authChannels(info({ email: true, phone: true, emailCode: true, phoneCode: false }));
    expect(codeRequired(both, 'email')).toBe(true);
    expect(codeRequired(both, 'phone')).toBe(false);
    const phoneOnly = authChannels(info({ phone: true, emailCode: true, phoneCode: true }));
    expect(codeRequired(phoneOnly, 'email')).toBe(false);
    expect(codeRequired(phoneOnly, 'phone')).toBe(true);
  });

  it('takes e-mail verification as on when the store info leaves the flag out (SPEC §3)', () => {
    const channels = authChannels({
      optionItems: [{ name: 'UserEmailRequired', value: true }],
      passports: [],
    });
    expect(codeRequired(channels, 'email')).toBe(true);
    expect(channels.phoneVerification).toBe(false);
  });

  it('offers the password form for any required channel and the switch only for both', () => {
    expect(hasPasswordForm(authChannels(info({})))).toBe(false);
    expect(hasPasswordForm(authChannels(info({ phone: true })))).toBe(true);
    expect(hasChannelTabs(authChannels(info({ email: true })))).toBe(false);
    expect(hasChannelTabs(authChannels(info({ email: true, phone: true })))).toBe(true);
  });

  it('starts on the phone only for a phone number alone that the store requires', () => {
    const both = authChannels(info({ email: true, phone: true }));
    expect(initialChannel(both, {})).toBe('email');
    expect(initialChannel(both, { phoneNumber: '+79123456789' })).toBe('phone');
    expect(initialChannel(both, { email: 'a@b.co', phoneNumber: '+79123456789' })).toBe('email');
    expect(initialChannel(authChannels(info({ email: true })), { phoneNumber: '+79123456789' })).toBe(
      'email',
    );
    expect(initialChannel(authChannels(info({ phone: true })), {})).toBe('phone');
    expect(initialChannel(authChannels(info({})), {})).toBe('email');
  });

  it.each([
    // flags, passports, login, registration and reset
    [{ email: true }, false, 'open', 'open'],
    [{ phone: true }, false, 'open', 'open'],
    [{}, true, 'open', 'root'],
    [{}, false, 'root', 'root'],
  ] as const)(
    'guards a visitor’s modals (SPEC §2.3): %o, passports %s',
    (flags, passports, login, registration) => {
      const store = info(flags, passports ? [passport] : []);
      expect(loginGuard({ info: store, authorised: false })).toBe(login);
      expect(registrationGuard({ info: store, authorised: false })).toBe(registration);
    },
  );

  it('drops the account modals for a signed-in user, whatever the store', () => {
    for (const store of [info({ email: true }), info({}), info({}, [passport])]) {
      expect(loginGuard({ info: store, authorised: true })).toBe('close');
      expect(registrationGuard({ info: store, authorised: true })).toBe('close');
    }
  });
});
