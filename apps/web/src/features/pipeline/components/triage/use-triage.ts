import { useHotkeys } from '@mantine/hooks';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { undoLatest } from '../../../../shared/notifications/undo-toast';
import { candidateQueryOptions } from '../../../../shared/resources/candidates/get-candidate';
import { jobApplicationKeys } from '../../../../shared/resources/job-applications/job-application-keys';
import type { ColumnData } from '../../api/get-status-column';
import type { JobApplication, PipelineStatus } from '../../types';
import { candidateName, useNameTexts } from '../candidate-name';
import { extended, type Step, statusForDigit, stepFrom, toggled } from './triage-keys';

/** The list's page, so `j` past its last row opens the next page (and `k` before its first, the previous). */
export interface TriagePaging {
  page: number;
  totalPages: number;
  setPage: (page: number) => void;
  /** The rows of `page` once they are loaded (undefined while the previous page still shows). */
  rows: JobApplication[] | undefined;
  /** Fetches a page ahead, so crossing to it shows at once; answers its rows. */
  prefetch: (page: number) => Promise<JobApplication[]>;
}

export interface TriageOptions {
  jobOfferId: number;
  statuses: PipelineStatus[];
  search: string;
  /** The list's rows, or undefined on the board (whose columns are read from the query cache). */
  paging: TriagePaging | undefined;
  candidateId: number | undefined;
  selectCandidate: (candidateId: number | undefined) => void;
  requestMove: (applications: JobApplication[], status: PipelineStatus) => void;
  focusSearch: () => void;
  announce: (text: string) => void;
}

/** The board's cards in reading order: column by column in pipeline order, each column top to bottom. */
function boardOrder(
  queryClient: QueryClient,
  jobOfferId: number,
  statuses: PipelineStatus[],
  search: string,
) {
  return statuses.flatMap(
    (status) =>
      queryClient
        .getQueryData<ColumnData>(jobApplicationKeys.column(jobOfferId, status.id, search))
        ?.pages.flatMap((page) => page.data) ?? [],
  );
}

/** True while a dialog (a prompt, the help, the palette) is open: the screen's keys then wait. */
const dialogOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/** The row or card of an application, which takes the focus when the keys reach it. */
const elementOf = (applicationId: number) =>
  document.querySelector<HTMLElement>(`[data-triage-id="${applicationId}"]`);

/**
 * Keyboard triage of the job offer screen (issue 28): `j`/`k` walk the candidates (the panel follows, the focus
 * with it, the next candidate is fetched ahead), digits move, `x` and `shift+j/k` select, `m` moves the
 * selection, `/` searches, `?` shows the keys. Bound with Mantine's `useHotkeys`, which ignores keys typed in an
 * input, a text area, a select or the rich-text editor; nothing runs while a dialog is open.
 */
export function useTriage(options: TriageOptions) {
  const { t } = useTranslation();
  const names = useNameTexts();
  const queryClient = useQueryClient();
  const { jobOfferId, statuses, search, paging, candidateId, selectCandidate, announce } = options;
  const [selection, setSelectionState] = useState<Map<number, JobApplication>>(new Map());
  // Keys come faster than renders: the handlers read the cursor and the selection from refs, set at once, so
  // two quick presses of shift+j take two steps, not the same one twice.
  const selectionRef = useRef(selection);
  const setSelection = useCallback((next: Map<number, JobApplication>) => {
    selectionRef.current = next;
    setSelectionState(next);
  }, []);
  const cursor = useRef(candidateId);
  useEffect(() => {
    cursor.current = candidateId;
  }, [candidateId]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  // The page `j`/`k` crossed to: its first (or last) row is chosen once it is loaded.
  const landing = useRef<'first' | 'last' | null>(null);
  // The application whose row or card takes the focus after the next render.
  const focusNext = useRef<number | null>(null);

  const visible = useCallback(
    (): JobApplication[] =>
      paging ? (paging.rows ?? []) : boardOrder(queryClient, jobOfferId, statuses, search),
    [paging, queryClient, jobOfferId, statuses, search],
  );
  const current = (): JobApplication | undefined => visible().find((a) => a.candidateId === cursor.current);
  const nameOf = (application: JobApplication) => candidateName(application.candidate ?? undefined, names);

  const go = useCallback(
    (application: JobApplication) => {
      focusNext.current = application.id;
      cursor.current = application.candidateId;
      selectCandidate(application.candidateId);
    },
    [selectCandidate],
  );

  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    const element = elementOf(id);
    if (!element) return;
    focusNext.current = null;
    element.focus();
    element.scrollIntoView({ block: 'nearest' });
  });

  // A crossed page: once its rows are there, land on its first (j) or last (k) one.
  const rows = paging?.rows;
  useEffect(() => {
    const edge = landing.current;
    if (!edge || !rows) return;
    landing.current = null;
    const target = edge === 'first' ? rows[0] : rows.at(-1);
    if (target) go(target);
  }, [rows, go]);

  // The next candidate is fetched ahead, so `j` shows them at once (issue 28's 100 ms budget); so is the next
  // page when the current candidate is the page's last.
  useEffect(() => {
    if (candidateId === undefined) return;
    const shown = visible();
    const step = stepFrom(
      shown.map((a) => a.candidateId),
      candidateId,
      1,
    );
    const next = step.kind === 'at' ? shown[step.index] : undefined;
    if (next) void queryClient.prefetchQuery(candidateQueryOptions(next.candidateId));
    else if (step.kind === 'after' && paging && paging.page < paging.totalPages) {
      // The next page, and the candidate j lands on there.
      void paging
        .prefetch(paging.page + 1)
        .then((rows) => {
          const first = rows[0];
          if (first) return queryClient.prefetchQuery(candidateQueryOptions(first.candidateId));
        })
        .catch(() => undefined);
    }
  }, [candidateId, visible, queryClient, paging]);

  const stepTo = (by: 1 | -1): JobApplication | undefined => {
    const shown = visible();
    const step: Step = stepFrom(
      shown.map((a) => a.candidateId),
      cursor.current,
      by,
    );
    if (step.kind === 'at') return shown[step.index];
    if (!paging) return undefined;
    if (step.kind === 'after' && paging.page < paging.totalPages) {
      landing.current = 'first';
      paging.setPage(paging.page + 1);
    } else if (step.kind === 'before' && paging.page > 1) {
      landing.current = 'last';
      paging.setPage(paging.page - 1);
    }
    return undefined;
  };

  const walk = (by: 1 | -1) => {
    const target = stepTo(by);
    if (target) go(target);
  };

  const say = (application: JobApplication, size: number, added: boolean) =>
    announce(
      t(added ? 'jobOffer.triage.selected' : 'jobOffer.triage.unselected', {
        name: nameOf(application),
        count: size,
      }),
    );

  const toggle = (application: JobApplication) => {
    const next = toggled(selectionRef.current, application.id, application);
    setSelection(next);
    say(application, next.size, next.has(application.id));
  };

  const extend = (by: 1 | -1) => {
    const here = current();
    const target = stepTo(by);
    const taken = [here, target].filter((a): a is JobApplication => a !== undefined);
    const next = extended(
      selectionRef.current,
      taken.map((a): [number, JobApplication] => [a.id, a]),
    );
    setSelection(next);
    if (target) {
      go(target);
      say(target, next.size, true);
    } else if (here) say(here, next.size, true);
  };

  const moveCurrent = (digit: number) => {
    const here = current();
    const status = statusForDigit(statuses, digit);
    if (here && status && here.statusId !== status.id) options.requestMove([here], status);
  };

  const openMove = () => {
    if (selectionRef.current.size === 0) announce(t('jobOffer.triage.nothingSelected'));
    else setMoveOpen(true);
  };

  const when = (run: () => void) => (): void => {
    if (!dialogOpen()) run();
  };
  const digits = Array.from({ length: 9 }, (_, i) => i + 1).flatMap((digit) => {
    const run = when(() => moveCurrent(digit));
    // Shift+digit too: a French keyboard types its digits with Shift.
    return [
      [String(digit), run],
      [`shift+${digit}`, run],
    ] as [string, () => void][];
  });
  useHotkeys([
    ['j', when(() => walk(1))],
    ['k', when(() => walk(-1))],
    ['shift+j', when(() => extend(1))],
    ['shift+k', when(() => extend(-1))],
    [
      'x',
      when(() => {
        const here = current();
        if (here) toggle(here);
      }),
    ],
    ['m', when(openMove)],
    ['u', when(() => void undoLatest())],
    ['/', when(options.focusSearch)],
    ['shift+/', when(options.focusSearch)],
    ['shift+?', when(() => setHelpOpen(true))],
    ['?', when(() => setHelpOpen(true))],
    ...digits,
  ]);

  const selected = () => [...selectionRef.current.values()];
  return {
    selection,
    toggle,
    clearSelection: () => setSelection(new Map()),
    helpOpen,
    setHelpOpen,
    moveOpen,
    openMove,
    closeMove: () => setMoveOpen(false),
    /** The selection moved to `status` (from the dialog of `m`): it then empties. */
    moveSelection: (status: PipelineStatus) => {
      setMoveOpen(false);
      options.requestMove(selected(), status);
      setSelection(new Map());
    },
  };
}
