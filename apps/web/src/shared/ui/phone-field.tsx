import { useLayoutEffect, useRef } from 'react';
import { editPhone, phoneMask } from '../format/phone-mask.ts';
import { TextField, type TextFieldProps } from './form.tsx';

/**
 * A phone number input with the mask `+0 (000) 000-00-00` (SPEC §9) for the numbers it fits, and
 * the caret kept after the digits before it: an edit in the middle stays in the middle.
 */
export function PhoneField({ value, onChange, ...props }: Omit<TextFieldProps, 'ref'> & { value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // After the masked value is rendered, the caret goes back where the edit left it (React puts it
  // at the end when the value it writes differs from what the browser holds).
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current !== null && element && element === document.activeElement) {
      element.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  return (
    <TextField
      ref={input}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={phoneMask.replaceAll('0', '_')}
      value={value}
      onChange={(next) => {
        const edit = editPhone(value, next, input.current?.selectionStart ?? next.length);
        caret.current = edit.caret;
        onChange(edit.value);
      }}
      {...props}
    />
  );
}
