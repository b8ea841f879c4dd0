import type { ApiScope, ApiToken } from '@vivier/contract';
import type { ApiTokenRow } from './api-tokens.service.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A token as the list shows it: never its hash. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    expires_at: iso(row.expiresAt),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    last_used_at: iso(row.lastUsedAt),
    last_used_address: row.lastUsedAddress,
    revoked_at: iso(row.revokedAt),
  };
}
