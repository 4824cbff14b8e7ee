export { PhoneField } from '../../shared/ui/phone-field.tsx';
