import type { User } from '@vivier/contract';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: an explicit field list, so the password hash can never leak. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
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
