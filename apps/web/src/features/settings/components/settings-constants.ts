import type { ExportFormat } from '@vivier/contract';

/**
 * SPEC section 3: the export values, in the order the selects offer them. Written out rather than read from the
 * contract's zod enum, which would bring zod into the bundle; settings-constants.test.ts keeps them equal.
 */
export const EXPORT_FORMATS = [
  'csv_semicolumn',
  'csv_comma',
  'admen',
] as const satisfies readonly ExportFormat[];

/** SPEC sections 6 and 9: at most 10 statuses; the add control is hidden at 10. */
export const MAX_STATUSES = 10;

/** The colours a status may take, as the server picks new ones (hex without '#'). */
export const STATUS_PALETTE = [
  '228be6',
  '7950f2',
  'fab005',
  'fd7e14',
  '40c057',
  'fa5252',
  '15aabf',
  'e64980',
  '12b886',
  'be4bdb',
  '4c6ef5',
  '82c91e',
] as const;
