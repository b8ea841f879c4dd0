import {
  SAVED_SEARCH_NEW_MATCHES_CAP,
  SAVED_SEARCHES_LISTED_MAX,
  type SavedSearchQuery,
} from '@vivier/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { savedSearches, savedSearchViews, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { userNameSql } from '../activity/activity-user.ts';
import { countCreatedSince, parseTagExpression } from '../candidates/candidate-search.queries.ts';

export type SavedSearchRow = {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  shared: boolean;
  search: string;
  tags: string[];
  inCvs: boolean;
  source: string | null;
  legalBasis: string | null;
  createdAt: Date;
  openedAt: Date | null;
  alert: 'off' | 'instant' | 'daily';
};

const columns = {
  id: savedSearches.id,
  ownerId: savedSearches.ownerId,
  ownerName: sql<string>`${userNameSql('owner')}`,
  name: savedSearches.name,
  shared: savedSearches.shared,
  search: savedSearches.search,
  tags: savedSearches.tags,
  inCvs: savedSearches.inCvs,
  source: savedSearches.source,
  legalBasis: savedSearches.legalBasis,
  createdAt: savedSearches.createdAt,
  openedAt: savedSearchViews.openedAt,
  alert: savedSearches.alert,
};

/** The caller's own saved searches and the licence's shared ones: what the caller may see. */
const visibleTo = (caller: Caller) =>
  and(
    scoped(savedSearches, caller),
    or(eq(savedSearches.ownerId, caller.userId), eq(savedSearches.shared, true)),
  );

function selectVisible(db: Db, caller: Caller) {
  return db
    .select(columns)
    .from(savedSearches)
    .innerJoin(sql`${users} as owner`, sql`owner.id = ${savedSearches.ownerId}`)
    .leftJoin(
      savedSearchViews,
      and(eq(savedSearchViews.savedSearchId, savedSearches.id), eq(savedSearchViews.userId, caller.userId)),
    );
}

/** The caller's saved searches first (newest first), then the licence's shared ones, at most 20 in all. */
export function listVisible(db: Db, caller: Caller): Promise<SavedSearchRow[]> {
  return selectVisible(db, caller)
    .where(visibleTo(caller))
    .orderBy(sql`(${savedSearches.ownerId} = ${caller.userId}) desc`, sql`${savedSearches.id} desc`)
    .limit(SAVED_SEARCHES_LISTED_MAX);
}

/** One saved search the caller may see, or undefined (another licence's, another user's private one). */
export async function findVisible(db: Db, caller: Caller, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await selectVisible(db, caller)
    .where(and(visibleTo(caller), eq(savedSearches.id, id)))
    .limit(1);
  return row;
}

/** A saved search's filters as the candidate search takes them. */
export const filtersOf = (
  row: Pick<SavedSearchRow, 'search' | 'tags' | 'inCvs' | 'source' | 'legalBasis'>,
) => ({
  search: row.search || undefined,
  tags: parseTagExpression(row.tags),
  inCvs: row.inCvs,
  source: row.source || undefined,
  legalBasis: (row.legalBasis || undefined) as 'consent' | 'legitimate_interest' | undefined,
});

/** The candidates matching a saved search created since the caller last opened it (or since it was saved). */
export function newMatches(db: Db, caller: Caller, row: SavedSearchRow): Promise<number> {
  return countCreatedSince(
    db,
    caller.licenceId,
    filtersOf(row),
    row.openedAt ?? row.createdAt,
    SAVED_SEARCH_NEW_MATCHES_CAP,
  );
}

/** The columns a saved search's query is stored in. */
export const queryColumns = (query: SavedSearchQuery) => ({
  search: query.search,
  tags: query.tags,
  inCvs: query.in_cvs,
  source: query.source || null,
  legalBasis: query.legal_basis || null,
});
