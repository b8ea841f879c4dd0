import type { AuditAction, AuditTargetKind } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/caller.ts';
import { type AuditEntryFields, contentHash, GENESIS_HASH, linkHash } from './audit-chain.ts';

export type AuditActor =
  | { kind: 'user'; id: number; label: string }
  | { kind: 'token'; id: number; label: string }
  | { kind: 'candidate'; id: number | null }
  | { kind: 'system' };

export type AuditRecord = {
  licenceId: number;
  actor: AuditActor;
  /** The request's client address (`request.ip`), when the act came from a request. */
  address?: string | null;
  action: AuditAction;
  target?: { kind: AuditTargetKind; id: number };
  /** Ids, counts and names of settings; never a candidate's name, contacts or text. */
  details?: Record<string, unknown>;
};

/** Who is behind a request, as the log names them: the signed-in user, or the API token (never its admin). */
export function userActor(caller: Pick<Caller, 'userId' | 'email' | 'token'>): AuditActor {
  if (caller.token) return { kind: 'token', id: caller.token.id, label: caller.token.name };
  return { kind: 'user', id: caller.userId, label: caller.email };
}

/** Who, where and from which address, for an act of a signed-in user: the start of their entry. */
export function byCaller(caller: Caller): Pick<AuditRecord, 'licenceId' | 'actor' | 'address'> {
  return { licenceId: caller.licenceId, actor: userActor(caller), address: caller.address ?? null };
}

/** `linkHash` (audit-chain.ts) in SQL: the hash of an entry numbered `seq` after `prev`, of content `content`. */
const chainLinkSql = (prev: SQL, seq: SQL, content: string) =>
  sql`encode(sha256(convert_to(${prev} || E'\n' || (${seq})::text || E'\n' || ${content}::text, 'UTF8')), 'hex')`;

/**
 * Appends an entry to the licence's chain. Call it with the transaction of the act it records, so the entry
 * exists exactly when the act does. One statement, one round trip: the head's upsert gives the entry its
 * number, moves the head's hash to the entry's (computed in SQL over the previous hash, the number and the
 * content hash from Node) and keeps the previous one in `prev_hash`; the entry is inserted from what it
 * returns. The head's row lock, held to the end of the transaction, orders a licence's entries.
 */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  const { licenceId, actor } = record;
  const fields: Omit<AuditEntryFields, 'seq'> = {
    licenceId,
    createdAt: new Date(),
    actorKind: actor.kind,
    actorId: 'id' in actor ? actor.id : null,
    actorLabel: 'label' in actor ? actor.label : null,
    address: record.address ?? null,
    action: record.action,
    targetKind: record.target?.kind ?? null,
    targetId: record.target?.id ?? null,
    // Through JSON once, so what is hashed is what jsonb keeps (no undefined, no Date objects).
    details: JSON.parse(JSON.stringify(record.details ?? {})),
  };
  const content = contentHash(fields);
  await tx.execute(
    sql`with head as (
          insert into audit_heads as h (licence_id, seq, prev_hash, hash)
          values (${licenceId}, 1, ${GENESIS_HASH}, ${linkHash(GENESIS_HASH, 1, content)})
          on conflict (licence_id) do update
            set seq = h.seq + 1, prev_hash = h.hash, hash = ${chainLinkSql(sql`h.hash`, sql`h.seq + 1`, content)}
          returning seq, prev_hash, hash)
        insert into audit_entries (licence_id, seq, created_at, actor_kind, actor_id, actor_label, address,
                                   action, target_kind, target_id, details, prev_hash, hash)
        select ${licenceId}, head.seq, ${fields.createdAt.toISOString()}::timestamptz, ${fields.actorKind},
               ${fields.actorId}, ${fields.actorLabel}, ${fields.address}, ${fields.action}, ${fields.targetKind},
               ${fields.targetId}, ${JSON.stringify(fields.details)}::jsonb, head.prev_hash, head.hash
        from head`,
  );
}

/**
 * Records an act that wrote nothing else (a read: a candidate viewed, a file downloaded) in a transaction of its
 * own: the head's lock needs one, and it is held for the statement and the commit only.
 */
export function recordAuditAlone(db: Db, record: AuditRecord): Promise<void> {
  return db.transaction((tx) => recordAudit(tx, record));
}
