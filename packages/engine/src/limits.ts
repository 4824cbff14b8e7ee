import { imageLimits } from '@cutout/contracts';

/** Business limits of the removal action (SPEC.md §9), as the contracts define them. */
export const LIMITS = imageLimits;
