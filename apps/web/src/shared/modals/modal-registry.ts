import { type ComponentType, lazy } from 'react';
import { guardedModal } from './guarded-modal.tsx';
import type { ModalGuard, ModalProps } from './modal-types.ts';

/** A modal as a feature registers it. */
export interface ModalDefinition {
  /** Loads the component on first use (a dynamic import, so that the modal is its own download). */
  load: () => Promise<ComponentType<ModalProps>>;
  /** Runs before the component loads, so that a refused modal costs no download; none: always open. */
  guard?: ModalGuard;
}

export type ModalRegistry = Readonly<Record<string, ComponentType<ModalProps>>>;

const registered: Record<string, ComponentType<ModalProps>> = {};

/** The modals that can open over any page with `?modal=<name>` (SPEC §2.3), by name. */
export const modalRegistry: ModalRegistry = registered;

/**
 * Adds a feature's modals to the registry; each feature calls it once from its `<feature>-modals.ts`,
 * which the app imports at start. A name registered again replaces the earlier one (a hot reload
 * runs the feature's module again).
 */
export function registerModals(definitions: Record<string, ModalDefinition>): void {
  for (const [name, { load, guard }] of Object.entries(definitions)) {
    registered[name] = guardedModal(
      guard ?? null,
      lazy(async () => ({ default: await load() })),
    );
  }
}
