import type { Role } from '@vivier/contract';

/**
 * SPEC section 4, "Role choice": the label Admin maps to 'admin', anything else to 'user'. The label is the
 * interface language's ('Admin', 'Administrateur').
 */
export const roleOfLabel = (label: string, adminLabel: string): Role =>
  label === adminLabel ? 'admin' : 'user';
