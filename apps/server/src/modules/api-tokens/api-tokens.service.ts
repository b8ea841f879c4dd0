import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiScope } from '@vivier/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';

/** How the database keeps a token: its SHA-256, hex. A token is random enough that no salt or slow hash is needed. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The characters of a token shown in lists, to tell one from another: `viv_` and 8 of its secret. */
const PREFIX_LENGTH = 12;

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The licence's tokens, newest first, revoked ones included (admins; a token cannot list tokens). */
export async function listApiTokens(db: Db, caller: Caller): Promise<ApiTokenRow[]> {
  requireAdmin(caller);
  return db
    .select()
    .from(apiTokens)
    .where(scoped(apiTokens, caller))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/**
 * Creates a token acting for the calling admin within `scopes` (decision 198), audited in the same transaction.
 * Answers the row and the token itself, which is never stored and never shown again.
 */
export async function createApiToken(
  db: Db,
  caller: Caller,
  input: { name: string; scopes: ApiScope[]; expiresAt: Date | null },
): Promise<{ row: ApiTokenRow; token: string }> {
  requireAdmin(caller);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({
        licenceId: caller.licenceId,
        createdBy: caller.userId,
        name: input.name,
        prefix: token.slice(0, PREFIX_LENGTH),
        hash: tokenHash(token),
        scopes: input.scopes,
        expiresAt: input.expiresAt,
      })
      .returning();
    if (!created) throw new Error('The token was not written');
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'api_token.create',
      target: { kind: 'api_token', id: created.id },
      details: { scopes: input.scopes, expires: input.expiresAt !== null },
    });
    return created;
  });
  return { row, token };
}

/** Revokes a token of the licence (404 for another licence's or a missing one); revoking twice changes nothing. */
export async function revokeApiToken(db: Db, caller: Caller, id: number): Promise<ApiTokenRow> {
  const [found] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(scoped(apiTokens, caller), eq(apiTokens.id, id)));
  if (!found) throw notFound('API token');
  requireAdmin(caller);
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(scoped(apiTokens, caller), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    if (!revoked) {
      const [row] = await tx
        .select()
        .from(apiTokens)
        .where(and(scoped(apiTokens, caller), eq(apiTokens.id, id)));
      if (!row) throw notFound('API token');
      return row;
    }
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'api_token.revoke',
      target: { kind: 'api_token', id },
    });
    return revoked;
  });
}
