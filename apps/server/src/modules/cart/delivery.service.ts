import type { DeliveryOption, Language, PickupPoint } from '@cutout/contracts';
import { isCurrencyCode } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { DeliveryOptionRow, DeliveryRepo, PickupPointRow } from './delivery.repo.ts';

export interface DeliveryViewer {
  language: Language;
  currency: { id: string; characterCode: string };
}

export function presentPickupPoint(row: PickupPointRow, language: Language): PickupPoint {
  return {
    id: row.id,
    deliveryOptionId: row.deliveryOptionId,
    name: localized(row.name, language),
    address: localized(row.address, language),
    settlementId: row.settlementId,
    openingHours: localized(row.openingHours, language),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

function presentOption(row: DeliveryOptionRow, viewer: DeliveryViewer): DeliveryOption {
  const code = viewer.currency.characterCode;
  return {
    id: row.id,
    typeId: `delivery_option_types.${row.type}`,
    name: localized(row.name, viewer.language),
    description: localized(row.description, viewer.language),
    price:
      row.amountMinor === null || !isCurrencyCode(code)
        ? null
        : { amountMinor: row.amountMinor, currency: code },
    contactSetTypeId:
      row.type === 'pickup' ? 'partner_contact_set_types.outlet' : 'partner_contact_set_types.location',
  };
}

/** How an order can reach the buyer (SPEC §7.3 deliveryOptions). */
export function createDeliveryService(deps: { repo: DeliveryRepo }) {
  return {
    /** The options a buyer can choose in this currency: those priced in it. */
    async list(viewer: DeliveryViewer): Promise<DeliveryOption[]> {
      const rows = await deps.repo.listActive(viewer.currency.id);
      return rows.filter((row) => row.amountMinor !== null).map((row) => presentOption(row, viewer));
    },

    /** An option a buyer can choose; NOT_FOUND for an unknown, inactive or unpriced one. */
    async get(id: string, viewer: DeliveryViewer): Promise<DeliveryOption> {
      const option = (await this.list(viewer)).find((candidate) => candidate.id === id);
      if (!option) throw new DomainError('NOT_FOUND');
      return option;
    },

    /** An option's name in every language, for what keeps it (an order). */
    async namesOf(id: string): Promise<Record<string, string> | null> {
      return (await deps.repo.findOption(id))?.name ?? null;
    },

    async pickupPoints(deliveryOptionId: string, viewer: DeliveryViewer): Promise<PickupPoint[]> {
      const option = await this.get(deliveryOptionId, viewer);
      if (option.typeId !== 'delivery_option_types.pickup') return [];
      return (await deps.repo.pickupPointsOf(option.id)).map((row) =>
        presentPickupPoint(row, viewer.language),
      );
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
