import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestOutboxMessage,
  postToStore,
  setStoreOptions,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';

describe.each(testDatabases)('registration by phone on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A store that asks for a verified phone number instead of an e-mail.
    await setStoreOptions(t.database, {
      UserEmailRequired: false,
      UserPhoneNumberRequired: true,
      UserPhoneNumberVerificationRequired: true,
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    postToStore(t, `/users${url}`, payload, { headers: { 'x-locale-id': 'ru' } });

  it('sends the code by SMS, in Russian, to the normalised number, and registers with it', async () => {
    const request = await post('/permissions/request?typeId=phone', {
      purpose: 'user_verify',
      phoneNumber: '+7 (912) 345-67-89',
    });
    expect(request.statusCode, request.body).toBe(200);
    const [item] = request.json().permissionItemList;
    expect(item).toMatchObject({ typeId: 'phone', phoneNumber: '+79123456789', email: null });
    const sms = await latestOutboxMessage(t, '+79123456789');
    expect(sms?.channel).toBe('sms');
    const code = sms?.text.match(/ваш код (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Whose code it is, how long it lasts, and not to pass it on.
    expect(sms?.text).toBe(`Cutout: ваш код ${code}. Он действует 10 минут. Никому его не сообщайте.`);

    const missing = await post('/register', { phoneNumber: '+79123456789', password: 'secret-1' });
    expect(missing.json()).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      details: { field: 'phoneNumber' },
    });

    await post('/permissions/approve?typeId=phone', {
      purpose: 'user_verify',
      permissionItemList: [{ id: item.id, otp: code }],
    });
    const register = await post('/register', {
      phoneNumber: '8 912 345 67 89'.replace(/^8/, '+7'),
      password: 'secret-1',
      permissionItemList: [{ id: item.id }],
    });
    expect(register.statusCode, register.body).toBe(200);
    const login = await post('/login', { phoneNumber: '+7 912 345-67-89', password: 'secret-1' });
    expect(login.statusCode).toBe(200);
  });

  it('requires the phone number the store asks for', async () => {
    const response = await post('/register', { email: 'x@example.com', password: 'secret-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Заполните номер телефона.' });
  });

  it('refuses a number that is not one', async () => {
    const response = await post('/permissions/request?typeId=phone', {
      purpose: 'user_verify',
      phoneNumber: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues[0].key).toBe('error_phone_number_invalid');
  });
});
