import { useCallback, useMemo } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';
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

type Change = (params: URLSearchParams) => void;

const change = (setSearchParams: SetURLSearchParams, apply: Change, replace = false) =>
  setSearchParams(
    (current) => {
      const next = new URLSearchParams(current);
      apply(next);
      return next;
    },
    { replace },
  );

/** Changing a filter starts again from page 1 (SPEC section 4, "Lists"). */
const firstPage: Change = (params) => params.delete(PARAM.page);

/** The index's state kept in the address, with one setter per control. */
export function useJobOffersUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readJobOffersUrlState(searchParams), [searchParams]);

  const setPage = useCallback(
    (page: number) => change(setSearchParams, (params) => params.set(PARAM.page, String(page))),
    [setSearchParams],
  );
  const setSearch = useCallback(
    (search: string) =>
      change(
        setSearchParams,
        (params) => {
          firstPage(params);
          if (search === '') params.delete(PARAM.search);
          else params.set(PARAM.search, search);
        },
        true,
      ),
    [setSearchParams],
  );
  const setOwner = useCallback(
    (owner: Owner) =>
      change(setSearchParams, (params) => {
        firstPage(params);
        params.set(PARAM.owner, owner);
      }),
    [setSearchParams],
  );
  const setArchived = useCallback(
    (archived: boolean) =>
      change(setSearchParams, (params) => {
        firstPage(params);
        params.set(PARAM.archived, String(archived));
      }),
    [setSearchParams],
  );
  const setCreating = useCallback(
    (creating: boolean) =>
      change(setSearchParams, (params) => {
        if (creating) {
          params.set(PARAM.creating, 'true');
          firstPage(params);
        } else params.delete(PARAM.creating);
      }),
    [setSearchParams],
  );

  return { state, setPage, setSearch, setOwner, setArchived, setCreating };
}
