import type { ContactSetTypeId } from '@cutout/contracts';

/**
 * The navigation state the new contact set page reads: the kind of contact set to add, where to
 * go back to, and which of the cart's choices the new set fills once made.
 */
export interface NewContactSetState {
  typeId: Extract<
    ContactSetTypeId,
    'partner_contact_set_types.location' | 'partner_contact_set_types.recipient'
  >;
  returnTo: string;
  chooseFor?: 'delivery' | 'recipient';
}

export function readNewContactSetState(state: unknown): Partial<NewContactSetState> {
  if (!state || typeof state !== 'object') return {};
  const { typeId, returnTo, chooseFor } = state as Record<string, unknown>;
  return {
    ...(typeId === 'partner_contact_set_types.location' || typeId === 'partner_contact_set_types.recipient'
      ? { typeId }
      : {}),
    // Only a path of this site: never a whole address to somewhere else.
    ...(typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
      ? { returnTo }
      : {}),
    ...(chooseFor === 'delivery' || chooseFor === 'recipient' ? { chooseFor } : {}),
  };
}
