import { phoneView } from '@cutout/contracts';
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

  it('gives a number begun with 9 or 8 its +7, as typed or pasted into the empty field', () => {
    expect(applyPhoneEdit('', '9')).toBe('+7 (9');
    expect(applyPhoneEdit('', '9161234567')).toBe('+7 (916) 123-45-67');
    expect(applyPhoneEdit('', '8 916 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(applyPhoneEdit('', '8')).toBe('+7');
    expect(applyPhoneEdit('', '+1 555 010 0000')).toBe('+1 (555) 010-00-00');
    // Only the first digits: a 9 or an 8 further on is the number's own.
    expect(applyPhoneEdit('+7 (91', '+7 (918')).toBe('+7 (918');
  });

  it('shows a stored number by the mask, and one of another length as stored', () => {
    expect(phoneView('+79161234567')).toBe('+7 (916) 123-45-67');
    expect(phoneView('79031112233')).toBe('+7 (903) 111-22-33');
    expect(phoneView('+441234567890')).toBe('+441234567890');
  });

  it('gives the server a plus and the digits', () => {
    expect(phoneForServer('+7 (912) 345-67-89')).toBe('+79123456789');
    expect(phoneForServer('')).toBe('');
  });
});
