import { type Claims, Role } from '@vivier/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database.ts';
import { serverSecret } from '../../db/server-secrets.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';

export type TokenUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  licenceId: number;
};

/** Who a verified token says the caller is; the database then says what they are now (http/authenticate.ts). */
export type ClaimedCaller = Omit<Caller, 'level'>;

export type AccessTokens = {
  /** `session` is the refresh-token family the token belongs to (the `sid` claim). */
  sign(user: TokenUser, session: string): Promise<string>;
  verify(jwt: string): Promise<ClaimedCaller>;
};

/**
 * The HS256 key: `VIVIER_JWT_SECRET` when set, else one generated on first start and kept in the database,
 * so every instance and every restart signs with the same key.
 */
export async function loadJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  return new TextEncoder().encode(configured ?? (await serverSecret(db, 'jwt_secret')));
}

const isSessionId = (sid: unknown) =>
  typeof sid === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sid);

/** How many verified tokens a process remembers (a few hundred bytes each): one per person working, and more. */
const VERIFIED_KEPT = 2_000;

export function accessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  // Imported once: given the raw bytes, jose imports a key on every call, on every authenticated request.
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens already verified, by their whole text, with their expiry (issue 29): the same token comes with every
  // request of a session, and checking its signature again (an HMAC through WebCrypto's thread pool, then jose's
  // claims) cost ~0.2 ms of each. A token only ever verifies the same way, so a remembered one needs only its
  // expiry checked; one altered by a byte is another text, verified in full. The oldest is forgotten first.
  const verified = new Map<string, { claimed: ClaimedCaller; exp: number }>();
  const remember = (jwt: string, claimed: ClaimedCaller, exp: number | undefined) => {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(jwt, { claimed, exp });
  };
  return {
    sign: async (user, session) =>
      new SignJWT({
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        role: user.role,
        license_id: user.licenceId,
        sid: session,
      } satisfies Omit<Claims, 'sub' | 'exp'>)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    verify: async (jwt) => {
      const known = verified.get(jwt);
      if (known) {
        // As jose decides it: expired once its `exp` second has begun.
        if (known.exp > Math.floor(Date.now() / 1000)) return { ...known.claimed };
        verified.delete(jwt);
        throw new AppError('token_expired', 'The access token has expired');
      }
      try {
        const { payload } = await jwtVerify(jwt, await key, { algorithms: ['HS256'] });
        const role = Role.safeParse(payload.role);
        const userId = Number(payload.sub);
        const licenceId = payload.license_id;
        if (
          !role.success ||
          !Number.isInteger(userId) ||
          typeof licenceId !== 'number' ||
          typeof payload.email !== 'string' ||
          (payload.sid !== undefined && !isSessionId(payload.sid))
        ) {
          throw new AppError('invalid_token', 'The access token is invalid');
        }
        const session = typeof payload.sid === 'string' ? { session: payload.sid } : {};
        const claimed = { userId, licenceId, role: role.data, email: payload.email, ...session };
        remember(jwt, claimed, payload.exp);
        return { ...claimed };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError('token_expired', 'The access token has expired');
        throw new AppError('invalid_token', 'The access token is invalid');
      }
    },
  };
}
