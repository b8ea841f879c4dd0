import { type SQL, sql } from 'drizzle-orm';

/** A user's name as the activity shows it: first and last name, else the email; `alias` is a `users` row. */
export const userNameSql = (alias: string): SQL =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);

/** `{id, name}` of a user joined as `alias`, null when there is none (deleted, or no actor). */
export const activityUser = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id: Number(id), name };
