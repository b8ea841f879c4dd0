import { md5 } from './md5';

/**
 * The 25 fixed colours of the initials fallback (SPEC section 9). All are dark enough for white initials to
 * pass WCAG AA contrast (4.5:1).
 */
export const AVATAR_PALETTE = [
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
  '#364fc7',
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#1e6b30',
  '#4a7308',
  '#a33f00',
  '#b23c0c',
  '#b02525',
  '#6741d9',
  '#3b5bdb',
  '#1971c2',
  '#0a6b7a',
  '#07704f',
  '#2d6a1f',
  '#495057',
  '#343a40',
  '#7a3e9d',
  '#8d4b00',
  '#005f73',
  '#9b2226',
] as const;

/** The avatar key: MD5 of the trimmed, lowercased e-mail (the avatar service's rule). */
export const emailHash = (email: string): string => md5(email.trim().toLowerCase());

/** The public avatar service's picture for an e-mail; `d=404` makes it fail for unknown addresses. */
export const avatarUrl = (email: string, size = 80): string =>
  `https://www.gravatar.com/avatar/${emailHash(email)}?d=404&s=${size}`;

/** The same e-mail always gets the same colour. */
export function avatarColor(email: string): string {
  const index = Number.parseInt(emailHash(email).slice(0, 8), 16) % AVATAR_PALETTE.length;
  return AVATAR_PALETTE[index] ?? AVATAR_PALETTE[0];
}

/** First letters of first and last name, else of the e-mail. */
export function initials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  email: string,
) {
  const letters = [firstName, lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  return (letters || email.trim().charAt(0)).toUpperCase();
}
