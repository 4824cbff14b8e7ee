import { applyPhoneEdit, phoneMask } from '../../shared/format/phone-mask.ts';
import { TextField, type TextFieldProps } from '../../shared/ui/form.tsx';

/** A phone number input with the mask `+0 (000) 000-00-00` (SPEC §9). */
export function PhoneField({ value, onChange, ...props }: TextFieldProps & { value: string }) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={phoneMask.replaceAll('0', '_')}
      value={value}
      onChange={(next) => onChange(applyPhoneEdit(value, next))}
      {...props}
    />
  );
}
