import type { Signature } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import { fetchGmailSignature } from './gmail-signature.ts';

type Log = { warn(obj: object, msg: string): void };

/** The signature stored in the caller's settings (`settings.email_signature.value`). */
export async function storedSignature(db: Db, caller: Caller): Promise<string> {
  const [row] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(and(scoped(users, caller), eq(users.id, caller.userId)));
  if (!row) throw notFound('User');
  return row.settings.email_signature?.value ?? '';
}

/**
 * The caller's signature (SPEC section 2, Settings: "filled with the signature fetched for the user's email"):
 * Gmail's when a Google access token is given and Gmail answers one, else the stored one. Either way it is
 * sanitised: a signature written elsewhere meets the same allow-list as ours.
 */
export async function resolveSignature(
  { db, gmailApiUrl, log }: { db: Db; gmailApiUrl: string; log: Log },
  caller: Caller,
  providerToken: string | undefined,
): Promise<Signature> {
  if (providerToken) {
    const fetched = await fetchGmailSignature(gmailApiUrl, caller.email, providerToken, log);
    if (fetched !== undefined) return { value: await richText.sanitize(fetched), source: 'provider' };
  }
  return { value: await richText.sanitize(await storedSignature(db, caller)), source: 'stored' };
}

/**
 * Stores the caller's signature, sanitised. Only the signature key of the settings changes, in one statement,
 * so a concurrent change of the export format is not overwritten.
 */
export async function saveSignature(db: Db, caller: Caller, value: string): Promise<Signature> {
  const clean = await richText.sanitize(value);
  const [row] = await db
    .update(users)
    .set({
      settings: sql`jsonb_set(${users.settings}, '{email_signature}', jsonb_build_object('value', ${clean}::text))`,
      updatedAt: new Date(),
    })
    .where(and(scoped(users, caller), eq(users.id, caller.userId)))
    .returning({ id: users.id });
  if (!row) throw notFound('User');
  return { value: clean, source: 'stored' };
}
