import type { AuditEntry } from '@vivier/contract';
import type { AuditRow } from './audit.queries.ts';

/** An entry as the admin screen reads it: the fields it says, its hash; not its row id nor the previous hash. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    seq: Number(row.seq),
    created_at: new Date(row.created_at).toISOString(),
    actor_kind: row.actor_kind as AuditEntry['actor_kind'],
    actor_id: row.actor_id,
    actor_label: row.actor_label,
    address: row.address,
    action: row.action as AuditEntry['action'],
    target_kind: row.target_kind as AuditEntry['target_kind'],
    target_id: row.target_id,
    details: row.details,
    hash: row.hash,
  };
}
