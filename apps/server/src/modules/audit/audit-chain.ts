import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';

/** The first entry of a chain follows this hash. */
export const GENESIS_HASH = '0'.repeat(64);

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

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
 * The hash of what an entry says but its number: SHA-256 over its fields as canonical JSON (keys sorted at every
 * depth, safe-stable-stringify), so the writer and `audit verify` agree whatever key order PostgreSQL's jsonb
 * gives back. Computed in Node before the entry's number is known.
 */
export function contentHash(entry: Omit<AuditEntryFields, 'seq'>): string {
  const body = stringify({
    licence_id: entry.licenceId,
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
  return sha256Hex(body ?? '');
}

/**
 * The link: SHA-256 over the previous entry's hash, the entry's number and its content hash, one per line.
 * PostgreSQL computes the same when it writes the entry (`chainLinkSql`, audit.service.ts), where the previous
 * hash and the number are known, so writing an entry is one statement.
 */
export const linkHash = (prevHash: string, seq: number, content: string) =>
  sha256Hex(`${prevHash}\n${seq}\n${content}`);

/** The hash of an entry following `prevHash` (decision 192): its link over its content. */
export const entryHash = (prevHash: string, entry: AuditEntryFields): string =>
  linkHash(prevHash, entry.seq, contentHash(entry));
