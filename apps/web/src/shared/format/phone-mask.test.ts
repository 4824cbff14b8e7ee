import { phoneView } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { editPhone, formatPhone, phoneComplete, phoneForServer } from './phone-mask.ts';

/** The masked value after an edit at the end. */
const applyPhoneEdit = (previous: string, next: string) => editPhone(previous, next).value;

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
    // In the middle: the dash after 345 erased with the caret after it takes the 5, not the last digit.
    expect(editPhone('+7 (912) 345-67-89', '+7 (912) 34567-89', 12)).toEqual({
      value: '+7 (912) 346-78-9',
      caret: 11,
    });
  });

  it('keeps an edit in the middle where it was made, with the caret after it', () => {
    // "912" selected and replaced by 9, 9, 9 one key at a time.
    let edit = editPhone('+7 (912) 345-67-89', '+7 (9) 345-67-89', 5);
    expect(edit).toEqual({ value: '+7 (934) 567-89', caret: 5 });
    edit = editPhone(edit.value, `${edit.value.slice(0, 5)}9${edit.value.slice(5)}`, 6);
    expect(edit).toEqual({ value: '+7 (993) 456-78-9', caret: 6 });
    edit = editPhone(edit.value, `${edit.value.slice(0, 6)}9${edit.value.slice(6)}`, 7);
    expect(edit).toEqual({ value: '+7 (999) 345-67-89', caret: 7 });
    // A digit typed at the end leaves the caret at the end.
    expect(editPhone('+7 (91', '+7 (912')).toEqual({ value: '+7 (912', caret: 7 });
  });

  it("writes another country's number as + and its digits, up to 15, never cut to the mask", () => {
    expect(applyPhoneEdit('', '+380 67 123 4567')).toBe('+380671234567');
    expect(applyPhoneEdit('', '+44 20 7946 0958')).toBe('+442079460958');
    expect(formatPhone('4915123456789012345')).toBe('+491512345678901');
    expect(phoneForServer('+380671234567')).toBe('+380671234567');
    expect(phoneComplete('+380671234567')).toBe(true);
    expect(phoneComplete('+38067')).toBe(false);
    expect(phoneComplete('+7 (912) 345-67-89')).toBe(true);
    expect(phoneComplete('+7 (912) 345-67')).toBe(false);
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
