import { createHash, randomBytes } from 'node:crypto';

/** A random token for a link or a refresh: 256 bits, URL-safe. Only its hash is stored. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
