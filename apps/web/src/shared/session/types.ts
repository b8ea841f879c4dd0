import type { Claims, License, LicenseStats, LoginResponse, User } from '@vivier/contract';
import type { Camelize } from '../api/case';

export type UserDto = Camelize<User>;
export type SessionClaims = Camelize<Claims>;
/** The signed-in user: the login answer with its tokens and the claims decoded from the access token (SPEC 3). */
export type SessionUser = Camelize<LoginResponse> & { claims: SessionClaims };
export type LicenseDto = Camelize<License>;
export type LicenseStatsDto = Camelize<LicenseStats>;
/** The licence in client state; `stats` are never persisted (SPEC section 9). */
export type SessionLicense = LicenseDto & { stats?: LicenseStatsDto };
