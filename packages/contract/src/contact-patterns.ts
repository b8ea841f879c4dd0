/**
 * The contact patterns of SPEC section 5, shared by the server (which refuses a bad contact) and the web app
 * (which says 'Invalid email format' / 'Invalid phone format' before sending). Plain regular expressions with
 * no zod, so the browser can import them alone (`@vivier/contract/contact-patterns`).
 */

/** "A basic email pattern": something, one @, a domain with a dot; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "An international pattern (optional + and parentheses, 1 to 4 digit prefix, then 4 to 16 digits, spaces,
 * dashes, dots or slashes)": `+33 6 12 34 56 78`, `(555) 010-0100`, `+44.20.7946.0958`.
 */
export const PHONE_PATTERN = /^\+?\(?\d{1,4}\)?[-. /0-9]{4,16}$/;

/** The longest e-mail address a mailbox can have (RFC 5321). */
export const EMAIL_MAX = 254;

export type ContactKind = 'email' | 'phone';

/** Whether a trimmed, non-empty value is a valid contact of its kind. */
export function isValidContact(kind: ContactKind, value: string): boolean {
  if (kind === 'email') return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
  return PHONE_PATTERN.test(value);
}

/**
 * The form two contacts are compared in: an e-mail without case, a phone by its digits and a leading '+', so
 * `+33 6 12 34 56 78` and `+33.6.12.34.56.78` are the same phone (docs/decisions/040).
 */
export function contactKey(kind: ContactKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'email') return trimmed.toLowerCase();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}
