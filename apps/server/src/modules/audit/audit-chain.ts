import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';

/** The first entry of a chain follows this hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's fields the hash covers: everything it says, but its row id. */
export type AuditEntryFields = {
  licenceId: number;
  seq: number;
  createdAt: Date;
  actorKind: string;
  actorId: number | null;
  actorLabel: string | null;
  address: string | null;
  action: string;
  targetKind: string | null;
  targetId: number | null;
  details: unknown;
};

/**
 * The hash of an entry: SHA-256 over the previous entry's hash and the entry's fields as canonical JSON (keys
 * sorted at every depth, safe-stable-stringify), so the writer and `audit verify` agree whatever key order
 * PostgreSQL's jsonb gives back.
 */
export function entryHash(prevHash: string, entry: AuditEntryFields): string {
  const body = stringify({
    licence_id: entry.licenceId,
    seq: entry.seq,
    created_at: entry.createdAt.toISOString(),
    actor_kind: entry.actorKind,
    actor_id: entry.actorId,
    actor_label: entry.actorLabel,
    address: entry.address,
    action: entry.action,
    target_kind: entry.targetKind,
    target_id: entry.targetId,
    details: entry.details,
  });
  // An object always stringifies; the library's type also allows undefined (for a bare undefined).
  return createHash('sha256')
    .update(`${prevHash}\n${body ?? ''}`)
    .digest('hex');
}
