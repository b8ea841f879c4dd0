import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals values at rest (provider tokens, decision 100) with AES-256-GCM under a key derived from the server
 * secret by HKDF-SHA256, one key per purpose. `context` (e.g. the owner's id) is bound as additional data,
 * so a sealed value copied to another row does not open there.
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text, or undefined when the value was sealed under another key or context, or altered. */
  open(sealed: string, context: string): string | undefined;
};

const VERSION = 'v1';

export function secretBox(serverSecret: Uint8Array, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'vivier', `vivier ${purpose} ${VERSION}`, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
        return undefined;
      try {
        // A fixed tag length: GCM would otherwise accept a truncated tag.
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: 16,
        });
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
