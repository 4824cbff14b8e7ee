import { isPostalCode, type Settlement } from '@cutout/contracts';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cartApi } from '../../shared/cart/cart-api.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { SuggestField, type Suggestion } from './SuggestField.tsx';

type AddressSuggestion = Awaited<ReturnType<typeof cartApi.suggestAddress>>[number];

type Field = 'city' | 'street' | 'building' | 'postalCode';

export interface AddressInput {
  settlementId: string | null;
  city: string;
  region: string | null;
  street: string;
  building: string;
  apartment: string | null;
  postalCode: string | null;
}

/**
 * A delivery address: the city from the settlements the server knows (or typed), the street line
 * from its address suggestions in that city, then building, apartment and postal code.
 */
export function AddressForm({
  onSubmit,
  saving,
}: {
  onSubmit: (address: AddressInput) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const { ref, focusInvalid } = useFocusInvalid();
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [city, setCity] = useState('');
  const [street, setStreet] = useState('');
  const [building, setBuilding] = useState('');
  const [apartment, setApartment] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const suggestCity = useCallback(
    async (query: string, signal: AbortSignal): Promise<Suggestion<Settlement>[]> =>
      (await cartApi.suggestLocality({ query, count: 8 }, signal)).map((found) => ({
        key: found.id,
        label: found.name,
        hint: [found.region, found.country].filter(Boolean).join(', '),
        value: found,
      })),
    [],
  );
  const settlementId = settlement?.id;
  const suggestStreet = useCallback(
    async (query: string, signal: AbortSignal): Promise<Suggestion<AddressSuggestion>[]> =>
      (
        await cartApi.suggestAddress({ query, count: 8, ...(settlementId ? { settlementId } : {}) }, signal)
      ).map((found) => ({ key: found.value, label: found.value, value: found })),
    [settlementId],
  );

  const clear = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!city.trim()) found.city = t('cart.contactSet.errors.city');
    if (!street.trim()) found.street = t('cart.contactSet.errors.street');
    if (!building.trim()) found.building = t('cart.contactSet.errors.building');
    // The chosen city's country decides the format (six digits in Russia), as on the server.
    const chosen = settlement && settlement.name === city.trim() ? settlement : null;
    if (postalCode.trim() && !isPostalCode(postalCode.trim(), chosen?.countryCode))
      found.postalCode = t('cart.contactSet.errors.postalCode');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusInvalid();
      return;
    }
    onSubmit({
      settlementId: settlement && settlement.name === city.trim() ? settlement.id : null,
      city: city.trim(),
      region: settlement && settlement.name === city.trim() ? settlement.region : null,
      street: street.trim(),
      building: building.trim(),
      apartment: apartment.trim() || null,
      postalCode: postalCode.trim() || null,
    });
  }

  return (
    <form ref={ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <SuggestField
        label={t('cart.contactSet.city')}
        value={city}
        placeholder={t('cart.contactSet.cityPlaceholder')}
        error={errors.city}
        autoComplete="address-level2"
        onChange={(value) => {
          setCity(value);
          clear('city');
          if (settlement && value !== settlement.name) setSettlement(null);
        }}
        onPick={({ value }) => {
          setSettlement(value);
          setCity(value.name);
          clear('city');
        }}
        suggest={suggestCity}
      />
      <SuggestField
        label={t('cart.contactSet.street')}
        value={street}
        placeholder={t('cart.contactSet.streetPlaceholder')}
        error={errors.street}
        onChange={(value) => {
          setStreet(value);
          clear('street');
        }}
        onPick={({ value }) => {
          setStreet(value.street ?? value.value);
          clear('street');
          if (value.building) {
            setBuilding(value.building);
            clear('building');
          }
          if (!settlement || settlement.id !== value.settlement.id) {
            setSettlement(value.settlement);
            setCity(value.settlement.name);
            clear('city');
          }
        }}
        suggest={suggestStreet}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label={t('cart.contactSet.building')}
          value={building}
          error={errors.building}
          onChange={(value) => {
            setBuilding(value);
            clear('building');
          }}
        />
        <TextField label={t('cart.contactSet.apartment')} value={apartment} onChange={setApartment} />
        <TextField
          label={t('cart.contactSet.postalCode')}
          value={postalCode}
          autoComplete="postal-code"
          error={errors.postalCode}
          onChange={(value) => {
            setPostalCode(value);
            clear('postalCode');
          }}
        />
      </div>
      <SubmitButton loading={saving} className="sm:w-auto sm:self-start">
        {t('cart.contactSet.saveAddress')}
      </SubmitButton>
    </form>
  );
}
