import type { Claims, Licence, LicenceStats, LoginResponse } from '@vivier/contract';
import type { Camelize } from '../api/case';

export type SessionClaims = Camelize<Claims>;
/** The signed-in user: the login answer with its tokens and the claims decoded from the access token (SPEC 3). */
export type SessionUser = LoginAnswer & { claims: SessionClaims };
/** What a successful sign-in answers: the user and their tokens. */
export type LoginAnswer = Camelize<LoginResponse>;
export type LicenceDto = Camelize<Licence>;
export type LicenceStatsDto = Camelize<LicenceStats>;
/** The licence in client state; `stats` are never persisted (SPEC section 9). */
export type SessionLicence = LicenceDto & { stats?: LicenceStatsDto };
