import { SAVED_SEARCH_NEW_MATCHES_CAP, type SavedSearch } from '@vivier/contract';
import type { Caller } from '../../http/caller.ts';
import type { SavedSearchRow } from './saved-searches.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A saved search as its viewer sees it, with its new matches counted up to the cap. */
export function presentSavedSearch(caller: Caller, row: SavedSearchRow, counted: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    mine: row.ownerId === caller.userId,
    owner: { id: row.ownerId, name: row.ownerName },
    query: {
      search: row.search,
      tags: row.tags,
      in_cvs: row.inCvs,
      source: row.source ?? '',
      legal_basis: (row.legalBasis ?? '') as SavedSearch['query']['legal_basis'],
    },
    new_matches: Math.min(counted, SAVED_SEARCH_NEW_MATCHES_CAP),
    new_matches_capped: counted > SAVED_SEARCH_NEW_MATCHES_CAP,
    alert: row.ownerId === caller.userId ? row.alert : null,
    last_opened_at: row.openedAt ? iso(row.openedAt) : null,
    created_at: iso(row.createdAt),
  };
}
