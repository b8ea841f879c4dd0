import { useCallback, useMemo } from 'react';
import { type AddressChange, setOrDelete, useAddressParams } from '../../../shared/hooks/use-address-params';
import type { JobOfferListParams, Owner } from '../types';

/** The index's query parameters (SPEC section 2). */
export const PARAM = {
  page: 'page',
  creating: 'creating',
  search: 'filters[search]',
  owner: 'filters[owner]',
  archived: 'filters[archived]',
} as const;

/** SPEC section 5: a page value that is not a positive integer (NaN or <= 0) becomes 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export interface JobOffersUrlState extends JobOfferListParams {
  creating: boolean;
}

/** Reads the index's state from the address: page, creating, search, owner (all/mine) and archived. */
export function readJobOffersUrlState(params: URLSearchParams): JobOffersUrlState {
  return {
    page: parsePage(params.get(PARAM.page)),
    creating: params.get(PARAM.creating) === 'true',
    search: params.get(PARAM.search) ?? '',
    owner: params.get(PARAM.owner) === 'mine' ? 'mine' : 'all',
    archived: params.get(PARAM.archived) === 'true',
  };
}

/** Changing a filter starts again from page 1 (SPEC section 4, "Lists"). */
const firstPage: AddressChange = (params) => params.delete(PARAM.page);

/** The index's state kept in the address, with one setter per control. */
export function useJobOffersUrlState() {
  // Setters start from the latest address: the new-offer form's onSaved, called when its save answers, must
  // not drop a search typed meanwhile.
  const [searchParams, change] = useAddressParams();
  const state = useMemo(() => readJobOffersUrlState(searchParams), [searchParams]);

  const setPage = useCallback(
    (page: number) => change((params) => params.set(PARAM.page, String(page))),
    [change],
  );
  const setSearch = useCallback(
    (search: string) =>
      change(
        (params) => {
          firstPage(params);
          setOrDelete(params, PARAM.search, search);
        },
        { replace: true },
      ),
    [change],
  );
  const setOwner = useCallback(
    (owner: Owner) =>
      change((params) => {
        firstPage(params);
        params.set(PARAM.owner, owner);
      }),
    [change],
  );
  const setArchived = useCallback(
    (archived: boolean) =>
      change((params) => {
        firstPage(params);
        params.set(PARAM.archived, String(archived));
      }),
    [change],
  );
  const setCreating = useCallback(
    (creating: boolean) =>
      change((params) => {
        if (creating) {
          params.set(PARAM.creating, 'true');
          firstPage(params);
        } else params.delete(PARAM.creating);
      }),
    [change],
  );

  return { state, setPage, setSearch, setOwner, setArchived, setCreating };
}
