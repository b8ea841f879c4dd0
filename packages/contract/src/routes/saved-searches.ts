import { dataOf, IdParams, NoContent } from '../common.ts';
import { SavedSearch, SavedSearchInput, SavedSearchPatch } from '../saved-searches.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Saved searches of the candidate database (issue 28, decision 208). */
export const savedSearches = group(at.savedSearches, ['saved searches'], {
  list: {
    responses: { 200: dataOf(SavedSearch) },
    summary:
      "The caller's saved searches and the licence's shared ones (at most 20), each with its new matches since the caller last opened it",
  },
  create: {
    body: SavedSearchInput,
    responses: { 201: SavedSearch },
    errors: ['invalid_tag_expression'],
    summary: 'Save a search of the candidate database under a name, private or shared with the licence',
  },
  update: {
    params: IdParams,
    body: SavedSearchPatch,
    responses: { 200: SavedSearch },
    errors: ['not_found', 'forbidden'],
    summary: 'Rename or share a saved search (its owner only)',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete a saved search (its owner, or an admin for a shared one)',
  },
  open: {
    params: IdParams,
    responses: { 200: SavedSearch },
    errors: ['not_found'],
    summary: "Open a saved search: the caller's new matches start again from now; answers the search",
  },
});
