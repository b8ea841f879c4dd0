import { MAX_STATUSES, STATUS_PALETTE } from '@vivier/contract';
import { and, count, eq } from 'drizzle-orm';
import { changeApplicationStatuses } from '../../commands/change-application-statuses.ts';
import type { Db } from '../../db/database.ts';
import { jobApplications, settings, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { lockPipeline } from './pipeline-lock.ts';
import { assertCanManageStatuses } from './status.policy.ts';
import { listStatuses } from './statuses.queries.ts';

type Status = { id: number; name: string; index: number; color: string; rejected: boolean };

/** SPEC section 5: a random palette colour the pipeline does not use yet (any palette colour if all are). */
export function pickColour(used: string[], random: () => number = Math.random): string {
  const taken = new Set(used.map((colour) => colour.toLowerCase()));
  const free = STATUS_PALETTE.filter((colour) => !taken.has(colour));
  const choices: readonly string[] = free.length > 0 ? free : STATUS_PALETTE;
  return choices[Math.floor(random() * choices.length)] ?? STATUS_PALETTE[0];
}

/** A status of the caller's licence (else 404, another licence's too), then the admin check (403). */
async function manageableStatus(db: Db, caller: Caller, statusId: number) {
  const [status] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(scoped(statuses, caller), eq(statuses.id, statusId)));
  if (!status) throw notFound('Status');
  assertCanManageStatuses(caller);
}

/** Gives the statuses, in the order given, the indexes 0, 1, 2…; writes only those that change. */
async function renumber(tx: Db, licenceId: number, ordered: Status[]) {
  for (const [position, status] of ordered.entries()) {
    if (status.index === position) continue;
    await tx
      .update(statuses)
      .set({ index: position })
      .where(and(scoped(statuses, licenceId), eq(statuses.id, status.id)));
    status.index = position;
  }
}

/** Adds a status at the end of the pipeline (admins only): at most 10, with the next index. */
export async function createStatus(db: Db, caller: Caller, fields: { name: string; color?: string }) {
  assertCanManageStatuses(caller);
  return db.transaction(async (tx) => {
    await lockPipeline(tx, caller.licenceId);
    const pipeline = await listStatuses(tx, caller.licenceId);
    if (pipeline.length >= MAX_STATUSES) {
      throw conflict(`A pipeline holds at most ${MAX_STATUSES} statuses`, 'too_many_statuses');
    }
    const index = Math.max(-1, ...pipeline.map((status) => status.index)) + 1;
    const color = fields.color ?? pickColour(pipeline.map((status) => status.color));
    const [row] = await tx
      .insert(statuses)
      .values({ licenceId: caller.licenceId, name: fields.name, index, color })
      .returning({
        id: statuses.id,
        name: statuses.name,
        index: statuses.index,
        color: statuses.color,
        rejected: statuses.rejected,
      });
    if (!row) throw new Error('The status was not created');
    return row;
  });
}

/** Renames, recolours or moves a status (admins only); a move shifts the others so indexes stay 0, 1, 2… */
export async function updateStatus(
  db: Db,
  caller: Caller,
  statusId: number,
  fields: { name?: string; color?: string; index?: number; rejected?: boolean },
) {
  await manageableStatus(db, caller, statusId);
  return db.transaction(async (tx) => {
    await lockPipeline(tx, caller.licenceId);
    const pipeline = await listStatuses(tx, caller.licenceId);
    const target = pipeline.find((status) => status.id === statusId);
    if (!target) throw notFound('Status');
    if (fields.index !== undefined) {
      const others = pipeline.filter((status) => status.id !== statusId);
      others.splice(Math.min(fields.index, others.length), 0, target);
      await renumber(tx, caller.licenceId, others);
    }
    if (fields.name !== undefined || fields.color !== undefined || fields.rejected !== undefined) {
      await tx
        .update(statuses)
        .set({
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.color !== undefined ? { color: fields.color } : {}),
          ...(fields.rejected !== undefined ? { rejected: fields.rejected } : {}),
        })
        .where(and(scoped(statuses, caller), eq(statuses.id, statusId)));
    }
    const [row] = (await listStatuses(tx, caller.licenceId)).filter((status) => status.id === statusId);
    if (!row) throw notFound('Status');
    return row;
  });
}

/**
 * Deletes a status (admins only), never orphaning an application: those it holds move to `moveTo` in the same
 * transaction, and without `moveTo` the answer is 409. The status row is locked first, so no application can
 * move into it meanwhile. A contacted status that goes becomes none; the others close up their indexes.
 */
export async function deleteStatus(db: Db, caller: Caller, statusId: number, moveTo?: number) {
  await manageableStatus(db, caller, statusId);
  await db.transaction(async (tx) => {
    await lockPipeline(tx, caller.licenceId);
    const pipeline = await listStatuses(tx, caller.licenceId);
    if (!pipeline.some((status) => status.id === statusId)) throw notFound('Status');
    if (pipeline.length <= 1) throw conflict('The pipeline needs at least one status');
    if (moveTo !== undefined && (moveTo === statusId || !pipeline.some((status) => status.id === moveTo))) {
      throw new AppError('invalid_reference', 'The status to move the job applications to was not found');
    }
    // The applications it holds move through the one path of every move, so each gets its timeline event
    // (decision 171), with the candidates locked first like every other move (decision 115); the status row is
    // locked after, and whatever moved into it meanwhile moves out again.
    const moveOut = (to: number) =>
      changeApplicationStatuses(tx, caller.licenceId, { fromStatuses: [statusId] }, to, {
        actorId: caller.userId,
        via: 'status_deleted',
      });
    if (moveTo !== undefined) await moveOut(moveTo);
    await tx
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(scoped(statuses, caller), eq(statuses.id, statusId)))
      .for('update');
    const held = and(scoped(jobApplications, caller), eq(jobApplications.statusId, statusId));
    const [applications] = await tx.select({ n: count() }).from(jobApplications).where(held);
    if ((applications?.n ?? 0) > 0) {
      if (moveTo === undefined) {
        throw new AppError(
          'status_in_use',
          'This status holds job applications: choose a status to move them to',
        );
      }
      await moveOut(moveTo);
    }
    await tx
      .update(settings)
      .set({ value: null })
      .where(
        and(
          scoped(settings, caller),
          eq(settings.name, 'contacted_status'),
          eq(settings.value, String(statusId)),
        ),
      );
    await tx.delete(statuses).where(and(scoped(statuses, caller), eq(statuses.id, statusId)));
    await renumber(
      tx,
      caller.licenceId,
      pipeline.filter((status) => status.id !== statusId),
    );
  });
}
