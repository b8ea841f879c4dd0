import type { ClientData, User } from '@vivier/contract';
import type { userClientData } from '../../db/schema/index.ts';
import type { UserRow } from './users.queries.ts';

/** The user as the API shows it: an explicit field list, so the password hash can never leak. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    level: row.level,
    sf_id: row.sfId,
    picture: row.picture,
    license_id: row.licenceId,
    settings: {
      export: { type: row.settings.export?.type ?? null },
      email_signature: { value: row.settings.email_signature?.value ?? '' },
    },
    created_at: row.createdAt.toISOString(),
  };
}

/** A client-data record as the API shows it (docs/decisions/091-client-data.md). */
export function presentClientData(row: typeof userClientData.$inferSelect): ClientData {
  return { user_id: row.userId, sf_id: row.sfId, updated_at: row.updatedAt.toISOString() };
}
