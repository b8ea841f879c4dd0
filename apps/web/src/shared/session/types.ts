import type { Claims, Licence, LicenceStats, LoginResponse, User } from '@vivier/contract';
import type { Camelize } from '../api/case';

export type UserDto = Camelize<User>;
export type SessionClaims = Camelize<Claims>;
/** The signed-in user: the login answer with its tokens and the claims decoded from the access token (SPEC 3). */
export type SessionUser = Camelize<LoginResponse> & { claims: SessionClaims };
export type LicenceDto = Camelize<Licence>;
export type LicenceStatsDto = Camelize<LicenceStats>;
/** The licence in client state; `stats` are never persisted (SPEC section 9). */
export type SessionLicence = LicenceDto & { stats?: LicenceStatsDto };
