/**
 * The audit log of a generated licence (issue 24, `--audit N`): N entries chained as the server chains them
 * (entryHash over the previous hash and the fields), numbered after the licence's head, spread over the past
 * year in order. Hashes are computed here a batch at a time (the chain is sequential, which set-based SQL cannot
 * do), and each batch goes in as one INSERT … SELECT from a JSON array: 10,000 rows a statement.
 */
import { sql } from 'drizzle-orm';
import { type Db, entryHash, GENESIS_HASH } from '../../apps/server/src/bench-entry.ts';

const BATCH = 10_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** What kinds of act a busy licence's log holds, by weight: mostly profile views and sign-ins. */
const MIX: { action: string; target: string | null; weight: number }[] = [
  { action: 'candidate.view', target: 'candidate', weight: 60 },
  { action: 'auth.sign_in', target: 'user', weight: 15 },
  { action: 'candidate_file.download', target: 'candidate_file', weight: 10 },
  { action: 'job_offer.export', target: 'job_offer', weight: 4 },
  { action: 'candidate.import', target: null, weight: 3 },
  { action: 'auth.sign_in_failed', target: 'user', weight: 3 },
  { action: 'setting.update', target: 'setting', weight: 2 },
  { action: 'user.update', target: 'user', weight: 2 },
  { action: 'user.create', target: 'user', weight: 1 },
];
const PICK = MIX.flatMap((m) => Array.from({ length: m.weight }, () => m));

/** A well-mixed 32-bit hash of an integer, so the same seed gives the same log. */
const mix = (n: number) => {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
};

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Appends `n` entries to the licence's chain; answers how many were written. */
export async function generateAudit(db: Db, licenceId: number, n: number, now = Date.now(), seed = 42) {
  const L = Math.trunc(licenceId);
  const [head] = await rowsOf<{ seq: string | number; hash: string }>(
    db,
    sql`select seq, hash from audit_heads where licence_id = ${L}`,
  );
  const users = await rowsOf<{ id: number; email: string }>(
    db,
    sql`select id, email from users where licence_id = ${L} order by id limit 20`,
  );
  let seq = Number(head?.seq ?? 0);
  let prev = head?.hash ?? GENESIS_HASH;
  const start = now - YEAR_MS;
  const step = YEAR_MS / Math.max(1, n);
  for (let done = 0; done < n; ) {
    const size = Math.min(BATCH, n - done);
    const batch = [];
    for (let k = 0; k < size; k++) {
      const i = done + k;
      const r = mix(i + seed * 7919);
      const kind = PICK[r % PICK.length] ?? PICK[0];
      const user = users.length > 0 ? users[(r >>> 8) % users.length] : undefined;
      seq += 1;
      const fields = {
        licenceId: L,
        seq,
        createdAt: new Date(Math.floor(start + i * step)),
        actorKind: user ? 'user' : 'system',
        actorId: user?.id ?? null,
        actorLabel: user?.email ?? null,
        address: `10.${(r >>> 4) & 255}.${(r >>> 12) & 255}.${(r >>> 20) & 255}`,
        action: kind?.action ?? 'candidate.view',
        targetKind: kind?.target ?? null,
        targetId: kind?.target ? 1 + ((r >>> 3) % 1_000_000) : null,
        details: kind?.action === 'candidate.import' ? { rows: 500, created: 480, merged: 20 } : {},
      };
      const hash = entryHash(prev, fields);
      batch.push({
        seq,
        created_at: fields.createdAt.toISOString(),
        actor_kind: fields.actorKind,
        actor_id: fields.actorId,
        actor_label: fields.actorLabel,
        address: fields.address,
        action: fields.action,
        target_kind: fields.targetKind,
        target_id: fields.targetId,
        details: fields.details,
        prev_hash: prev,
        hash,
      });
      prev = hash;
    }
    await db.execute(sql`
      insert into audit_entries (licence_id, seq, created_at, actor_kind, actor_id, actor_label, address, action,
                                 target_kind, target_id, details, prev_hash, hash)
      select ${L}, r.seq, r.created_at, r.actor_kind, r.actor_id, r.actor_label, r.address, r.action,
             r.target_kind, r.target_id, r.details, r.prev_hash, r.hash
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(seq bigint, created_at timestamptz,
        actor_kind text, actor_id int, actor_label text, address text, action text, target_kind text,
        target_id int, details jsonb, prev_hash text, hash text)`);
    done += size;
  }
  await db.execute(sql`
    insert into audit_heads (licence_id, seq, hash) values (${L}, ${seq}, ${prev})
    on conflict (licence_id) do update set seq = excluded.seq, hash = excluded.hash`);
  await db.execute(sql`analyze audit_entries`);
  return n;
}
