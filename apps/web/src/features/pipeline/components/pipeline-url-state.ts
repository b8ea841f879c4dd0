import { useCallback, useMemo } from 'react';
import { setOrDelete, useAddressParams } from '../../../shared/hooks/use-address-params';
import { CANDIDATE_PARAM } from '../../../shared/resources/job-offers/candidate-in-offer-path';
import type { PipelineView } from '../types';

export { candidateInOfferPath } from '../../../shared/resources/job-offers/candidate-in-offer-path';

/** The screen's query parameters: the spec's status filter (SPEC section 2), and page, search, view, candidate. */
export const PARAM = {
  page: 'page',
  search: 'filters[search]',
  status: 'filters[statusId]',
  view: 'view',
  candidate: CANDIDATE_PARAM,
} as const;

/** A positive integer, else undefined (SPEC section 5 for the page: NaN or <= 0 becomes 1). */
const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface PipelineUrlState {
  page: number;
  search: string;
  statusId: number | undefined;
  view: PipelineView;
  candidateId: number | undefined;
}

export function readPipelineUrlState(params: URLSearchParams): PipelineUrlState {
  return {
    page: positive(params.get(PARAM.page)) ?? 1,
    search: params.get(PARAM.search) ?? '',
    statusId: positive(params.get(PARAM.status)),
    view: params.get(PARAM.view) === 'board' ? 'board' : 'list',
    candidateId: positive(params.get(PARAM.candidate)),
  };
}

/** The screen's state kept in the address, with one setter per control. */
export function usePipelineUrlState() {
  // Two changes close together (the search committed 300 ms after typing, then a click on 'Board') must not
  // undo each other: each starts from the last address asked for, not from the one this render saw.
  const [searchParams, change] = useAddressParams();
  const state = useMemo(() => readPipelineUrlState(searchParams), [searchParams]);

  const setPage = useCallback(
    (page: number) => change((p) => setOrDelete(p, PARAM.page, page > 1 ? String(page) : undefined)),
    [change],
  );
  // SPEC section 4, "Lists": a new search or status filter starts again from page 1.
  const setSearch = useCallback(
    (search: string) =>
      change(
        (p) => {
          p.delete(PARAM.page);
          setOrDelete(p, PARAM.search, search);
        },
        { replace: true },
      ),
    [change],
  );
  const setStatus = useCallback(
    (statusId: number | undefined) =>
      change((p) => {
        p.delete(PARAM.page);
        setOrDelete(p, PARAM.status, statusId === undefined ? undefined : String(statusId));
      }),
    [change],
  );
  const setView = useCallback(
    (view: PipelineView) => change((p) => setOrDelete(p, PARAM.view, view === 'board' ? 'board' : undefined)),
    [change],
  );
  const selectCandidate = useCallback(
    (candidateId: number | undefined) =>
      change(
        (p) => setOrDelete(p, PARAM.candidate, candidateId === undefined ? undefined : String(candidateId)),
        { replace: true },
      ),
    [change],
  );

  return { state, setPage, setSearch, setStatus, setView, selectCandidate };
}
