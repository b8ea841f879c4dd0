import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { serverSecrets } from './schema/index.ts';

/**
 * A secret of the server named `name`: generated on first use and kept in the database, so every instance and
 * every restart use the same one (the JWT key, the careers form's signing key). Never logged.
 */
export async function serverSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
