import { describe, expect, it } from 'vitest';
import { applyPhoneEdit, formatPhone, phoneForServer } from './phone-mask.ts';

describe('phone mask +0 (000) 000-00-00', () => {
  it('formats the digits as far as they go, ignoring anything else and extra digits', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('7')).toBe('+7');
    expect(formatPhone('7912')).toBe('+7 (912');
    expect(formatPhone('79123')).toBe('+7 (912) 3');
    expect(formatPhone('+7 912 345 67 89')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('791234567890000')).toBe('+7 (912) 345-67-89');
  });

  it('deletes the digit before a mask character that was erased', () => {
    expect(applyPhoneEdit('+7 (912) 345-6', '+7 (912) 345-')).toBe('+7 (912) 345');
    expect(applyPhoneEdit('+7 (912', '+7 (91')).toBe('+7 (91');
  });

  it('gives the server a plus and the digits', () => {
    expect(phoneForServer('+7 (912) 345-67-89')).toBe('+79123456789');
    expect(phoneForServer('')).toBe('');
  });
});
