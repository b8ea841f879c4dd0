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

export function accessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  // Imported once: given the raw bytes, jose imports a key on every call, on every authenticated request.
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
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
        return { userId, licenceId, role: role.data, email: payload.email, ...session };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError('token_expired', 'The access token has expired');
        throw new AppError('invalid_token', 'The access token is invalid');
      }
    },
  };
}
