import { useCallback, useMemo } from 'react';
import { setOrDelete, useAddressParams } from '../../../shared/hooks/use-address-params';

/**
 * The screen's query parameters (SPEC section 2: page and filters.search; "Search in CVs", decision 185; the
 * source of an application, issue 23).
 */
export const PARAM = {
  page: 'page',
  search: 'filters[search]',
  inCvs: 'filters[in_cvs]',
  source: 'filters[source]',
  legalBasis: 'filters[legal_basis]',
  /** The tag expression's elements in order, as the API takes them (`3`, `and`, `not`, `7`; decision 209). */
  tags: 'filters[tags][]',
  /** A dialog to open on arrival (`create`, `import`): the command palette's actions (issue 28). */
  dialog: 'dialog',
} as const;

/** The dialogs an address may open. */
export const DIALOG_PARAMS = ['create', 'import'] as const;
export type DialogParam = (typeof DIALOG_PARAMS)[number];

/** The legal bases a candidate may be held on (issue 24); anything else in the address is no filter. */
export const LEGAL_BASES = ['consent', 'legitimate_interest'] as const;
export type LegalBasisFilterValue = (typeof LEGAL_BASES)[number] | '';
const legalBasisOf = (value: string | null): LegalBasisFilterValue =>
  LEGAL_BASES.find((basis) => basis === value) ?? '';

/** SPEC section 5: a page value that is not a positive integer (NaN or <= 0) becomes 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The page, the text search, the tag expression, the source and the legal basis, kept in the address; a new
 * search starts again from page 1.
 */
export function useCandidatesUrlState() {
  const [params, change] = useAddressParams();
  const state = useMemo(
    () => ({
      page: parsePage(params.get(PARAM.page)),
      search: params.get(PARAM.search) ?? '',
      inCvs: params.get(PARAM.inCvs) === 'true',
      source: params.get(PARAM.source) ?? '',
      legalBasis: legalBasisOf(params.get(PARAM.legalBasis)),
      tags: params.getAll(PARAM.tags),
      dialog: DIALOG_PARAMS.find((d) => d === params.get(PARAM.dialog)),
    }),
    [params],
  );
  // A new filter starts again from page 1.
  const filter = useCallback(
    (key: string, value: string, replace = false) =>
      change(
        (next) => {
          next.delete(PARAM.page);
          setOrDelete(next, key, value);
        },
        { replace },
      ),
    [change],
  );
  const setPage = useCallback(
    (page: number) => change((next) => setOrDelete(next, PARAM.page, page <= 1 ? '' : String(page))),
    [change],
  );
  const setSearch = useCallback((search: string) => filter(PARAM.search, search, true), [filter]);
  const setInCvs = useCallback((inCvs: boolean) => filter(PARAM.inCvs, inCvs ? 'true' : '', true), [filter]);
  const setSource = useCallback((source: string) => filter(PARAM.source, source), [filter]);
  const setLegalBasis = useCallback(
    (basis: LegalBasisFilterValue) => filter(PARAM.legalBasis, basis),
    [filter],
  );
  const setTags = useCallback(
    (tags: string[]) =>
      change((next) => {
        next.delete(PARAM.page);
        next.delete(PARAM.tags);
        for (const element of tags) next.append(PARAM.tags, element);
      }),
    [change],
  );
  /** The dialog asked for by the address was opened: the address forgets it (going back does not reopen it). */
  const dialogOpened = useCallback(
    () => change((next) => next.delete(PARAM.dialog), { replace: true }),
    [change],
  );
  return { state, setPage, setSearch, setInCvs, setSource, setLegalBasis, setTags, dialogOpened };
}
