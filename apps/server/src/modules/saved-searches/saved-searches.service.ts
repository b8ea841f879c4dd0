import type { SavedSearch, SavedSearchInput, SavedSearchPatch } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { savedSearches, savedSearchViews } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { presentSavedSearch } from './saved-search.presenter.ts';
import {
  filtersOf,
  findVisible,
  listVisible,
  newMatches,
  queryColumns,
  type SavedSearchRow,
} from './saved-searches.queries.ts';

type Input = z.output<typeof SavedSearchInput>;
type Patch = z.output<typeof SavedSearchPatch>;

async function visibleOr404(db: Db, caller: Caller, id: number): Promise<SavedSearchRow> {
  const row = await findVisible(db, caller, id);
  if (!row) throw notFound('Saved search');
  return row;
}

/** The caller's saved searches and the licence's shared ones, each with its new matches: one count each. */
export async function listSavedSearches(db: Db, caller: Caller): Promise<SavedSearch[]> {
  const rows = await listVisible(db, caller);
  const counts = await Promise.all(rows.map((row) => newMatches(db, caller, row)));
  return rows.map((row, i) => presentSavedSearch(caller, row, counts[i] ?? 0));
}

/** Saves a search; its tag expression is read as the search reads it (a malformed one is a 400). */
export async function createSavedSearch(db: Db, caller: Caller, input: Input): Promise<SavedSearch> {
  const columns = queryColumns(input.query);
  filtersOf(columns);
  const [created] = await db
    .insert(savedSearches)
    .values({
      licenceId: caller.licenceId,
      ownerId: caller.userId,
      name: input.name,
      shared: input.shared,
      alert: input.alert,
      alertLanguage: input.alert_language,
      ...columns,
    })
    .returning({ id: savedSearches.id });
  const row = await visibleOr404(db, caller, (created as { id: number }).id);
  return presentSavedSearch(caller, row, 0);
}

/**
 * Renames, shares or sets the alert of a saved search: its owner only (403 for another user of the licence who
 * sees it). An alert turned on starts from now: the candidates created before are not alerted (decision 209).
 */
export async function updateSavedSearch(
  db: Db,
  caller: Caller,
  id: number,
  patch: Patch,
): Promise<SavedSearch> {
  const row = await visibleOr404(db, caller, id);
  if (row.ownerId !== caller.userId) throw forbidden('Only its owner changes a saved search');
  await db
    .update(savedSearches)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.shared !== undefined && { shared: patch.shared }),
      ...(patch.alert !== undefined && { alert: patch.alert }),
      ...(patch.alert_language !== undefined && { alertLanguage: patch.alert_language }),
      ...(row.alert === 'off' &&
        patch.alert !== undefined &&
        patch.alert !== 'off' && { alertedUpTo: sql`now()`, alertSince: sql`now()` }),
    })
    .where(and(scoped(savedSearches, caller), eq(savedSearches.id, id)));
  const updated = await visibleOr404(db, caller, id);
  return presentSavedSearch(caller, updated, await newMatches(db, caller, updated));
}

/** Deletes a saved search: its owner, or an admin for a shared one. */
export async function removeSavedSearch(db: Db, caller: Caller, id: number): Promise<void> {
  const row = await visibleOr404(db, caller, id);
  const mayDelete = row.ownerId === caller.userId || (row.shared && caller.role === 'admin');
  if (!mayDelete) throw forbidden('Only its owner, or an admin for a shared one, deletes a saved search');
  await db.delete(savedSearches).where(and(scoped(savedSearches, caller), eq(savedSearches.id, id)));
}

/** Opens a saved search: the caller's new matches start again from now. Answers the search. */
export async function openSavedSearch(db: Db, caller: Caller, id: number): Promise<SavedSearch> {
  await visibleOr404(db, caller, id);
  await db
    .insert(savedSearchViews)
    .values({ savedSearchId: id, userId: caller.userId, openedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [savedSearchViews.savedSearchId, savedSearchViews.userId],
      set: { openedAt: sql`now()` },
    });
  const row = await visibleOr404(db, caller, id);
  return presentSavedSearch(caller, row, 0);
}
