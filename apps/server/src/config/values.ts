import { z } from 'zod';

/** A configuration that cannot start the server: the message names each bad variable and what is wrong. */
export class ConfigError extends Error {}

/** A yes/no variable: 1, true, yes, on (or their opposites), `def` when unset. */
export const flag = (def: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? def : ['1', 'true', 'yes', 'on'].includes(v)));

/** A URL of one of the given schemes ('https', 'postgres'…). */
export const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (v) => protocols.some((p) => v.startsWith(`${p}:`)),
      `must start with ${protocols.join(': or ')}:`,
    );
