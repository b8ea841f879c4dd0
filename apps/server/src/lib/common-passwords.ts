import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../http/app-error.ts';

/**
 * The common passwords Vivier refuses (ASVS 6.2.4): the ~18,000 entries of 8 characters or more in zxcvbn-ts's
 * list of leaked passwords (MIT, lowercase). Server only: the list never reaches the web bundle. Loaded on
 * first use (a few milliseconds) and held as a set.
 */
let common: Set<string> | undefined;

/** Whether a password is on the list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= 8));
  return common.has(password.toLowerCase());
}

/**
 * Refuses a common password with the 400 `validation_error` a schema failure gives, its one detail naming the
 * field (`body.password`) and the problem `too_common`. Call it before anything is written.
 */
export function assertNotCommonPassword(password: string | undefined, path = 'body.password') {
  if (!password || !isCommonPassword(password)) return;
  const message = 'is too common';
  throw new AppError('validation_error', `Invalid request: ${path} ${message}`, {
    extra: {
      details: [{ path, problem: 'too_common', message }],
    },
  });
}
