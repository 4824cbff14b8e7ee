import { randomUUID } from 'node:crypto';
import {
  type Contact,
  type ContactSet,
  type CreateContactSetRequest,
  isPostalCode,
  type Language,
  phoneView,
} from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { StoredAddress } from './cart.schema.ts';
import type { ContactSetRow, ContactSetsRepo } from './contact-sets.repo.ts';
import type { DeliveryRepo } from './delivery.repo.ts';
import { presentPickupPoint } from './delivery.service.ts';

/** An address on one line, as a buyer of the language writes it. */
export function addressLine(address: StoredAddress, language: Language): string {
  const apartment =
    address.apartment && (language === 'ru' ? `кв. ${address.apartment}` : `apt ${address.apartment}`);
  const street = [address.street, address.building].filter(Boolean).join(language === 'ru' ? ', д. ' : ' ');
  return [address.postalCode, address.city, street, apartment].filter(Boolean).join(', ');
}

const pickupPointLine = (point: { name: string; address: string }) => `${point.name}, ${point.address}`;

/** The buyers' contact sets (SPEC §3, §7.7): where to deliver, where to pick up, whom to hand over to. */
export function createContactSetsService(deps: {
  repo: ContactSetsRepo;
  delivery: Pick<DeliveryRepo, 'findPickupPoint'>;
  /** The country (ISO 3166 code) of a settlement the address suggester knows; null for another id. */
  countryOf: (settlementId: string) => Promise<string | null>;
  /** Takes a deleted set out of the carts that had it chosen. */
  onDeleted: (contactSetId: string) => Promise<void>;
  now: () => Date;
}) {
  async function present(row: ContactSetRow, language: Language): Promise<ContactSet> {
    const contacts: Contact[] = [];
    let pickupPoint: ContactSet['pickupPoint'] = null;
    if (row.address) {
      contacts.push({
        typeId: 'contact_types.address',
        view: addressLine(row.address, language),
        address: row.address,
      });
    }
    if (row.pickupPointId) {
      const point = await deps.delivery.findPickupPoint(row.pickupPointId);
      pickupPoint = point && presentPickupPoint(point, language);
      if (pickupPoint) contacts.push({ typeId: 'contact_types.address', view: pickupPointLine(pickupPoint) });
    }
    if (row.fullName) contacts.push({ typeId: 'contact_types.full_name', view: row.fullName });
    if (row.phoneNumber) contacts.push({ typeId: 'contact_types.phone', view: phoneView(row.phoneNumber) });
    if (row.email) contacts.push({ typeId: 'contact_types.email', view: row.email });
    return {
      id: row.id,
      typeId: `partner_contact_set_types.${row.type}`,
      deleted: row.deleted,
      contacts,
      pickupPoint,
      view: contacts.map((contact) => contact.view).join(', '),
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    present,

    /**
     * Where an order goes, on one line in the reader's language: its pickup point (by id) or its
     * address; null when it has neither, or its pickup point is gone.
     */
    async placeLine(
      place: { pickupPointId: string | null; address: StoredAddress | null },
      language: Language,
    ): Promise<string | null> {
      if (place.pickupPointId) {
        const point = await deps.delivery.findPickupPoint(place.pickupPointId);
        return point && pickupPointLine(presentPickupPoint(point, language));
      }
      return place.address && addressLine(place.address, language);
    },

    async list(
      userId: string,
      input: { deleted?: boolean; typeId?: ContactSet['typeId'] },
      language: Language,
    ) {
      const type = input.typeId?.replace('partner_contact_set_types.', '') as
        | ContactSetRow['type']
        | undefined;
      const rows = await deps.repo.list(userId, { deleted: input.deleted ?? false, type });
      return Promise.all(rows.map((row) => present(row, language)));
    },

    /** A live contact set of the user; NOT_FOUND for another user's, an unknown or a deleted one. */
    async getLive(userId: string, id: string): Promise<ContactSetRow> {
      const row = await deps.repo.find(userId, id);
      if (!row || row.deleted) throw new DomainError('NOT_FOUND');
      return row;
    },

    async create(userId: string, request: CreateContactSetRequest, language: Language): Promise<ContactSet> {
      const base = { id: randomUUID(), userId, createdAt: deps.now() };
      if (request.typeId === 'partner_contact_set_types.location') {
        const { settlementId, ...address } = request.address;
        const country = settlementId ? await deps.countryOf(settlementId) : null;
        if (settlementId && !country) {
          throw new DomainError('VALIDATION_ERROR', { details: { field: 'address.settlementId' } });
        }
        // The request's schema took any country's format; the settlement's country may be stricter.
        if (address.postalCode && !isPostalCode(address.postalCode, country)) {
          throw new DomainError('VALIDATION_ERROR', { details: { field: 'address.postalCode' } });
        }
        const stored: StoredAddress = {
          settlementId: settlementId ?? null,
          city: address.city,
          region: address.region || null,
          street: address.street,
          building: address.building,
          apartment: address.apartment || null,
          postalCode: address.postalCode || null,
        };
        return present(await deps.repo.insert({ ...base, type: 'location', address: stored }), language);
      }
      if (request.typeId === 'partner_contact_set_types.outlet') {
        if (!(await deps.delivery.findPickupPoint(request.pickupPointId))) {
          throw new DomainError('NOT_FOUND', { details: { field: 'pickupPointId' } });
        }
        return present(
          await deps.repo.insert({ ...base, type: 'outlet', pickupPointId: request.pickupPointId }),
          language,
        );
      }
      return present(
        await deps.repo.insert({
          ...base,
          type: 'recipient',
          fullName: request.fullName,
          phoneNumber: request.phoneNumber,
          email: request.email || null,
        }),
        language,
      );
    },

    /** Deletes (marks deleted) the user's contact set and takes it out of the cart (SPEC §4). */
    async delete(userId: string, id: string | undefined): Promise<void> {
      if (!id) throw new DomainError('core_object_not_set');
      if (!(await deps.repo.markDeleted(userId, id))) throw new DomainError('NOT_FOUND');
      await deps.onDeleted(id);
    },

    async settlementOf(userId: string): Promise<string | null> {
      return deps.repo.settlementOf(userId);
    },

    async setSettlement(userId: string, settlementId: string): Promise<void> {
      if (!(await deps.countryOf(settlementId))) {
        throw new DomainError('VALIDATION_ERROR', { details: { field: 'settlementId' } });
      }
      await deps.repo.setSettlement(userId, settlementId, deps.now());
    },
  };
}

export type ContactSetsService = ReturnType<typeof createContactSetsService>;
