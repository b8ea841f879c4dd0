import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useJobOffer } from '../../shared/resources/job-offers/get-job-offer';
import { useAppStore } from '../../shared/store/app-store';
import { RejectionPrompt } from '../../shared/widgets/candidate-activity/rejection-prompt';
import { Paginator } from '../../shared/widgets/paginator/paginator';
import { useStepBackPastLastPage } from '../../shared/widgets/paginator/use-step-back';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { SearchHeader } from '../../shared/widgets/search-header/search-header';
import { useDeleteJobApplication } from './api/delete-job-application';
import { jobApplicationsQueryOptions, useJobApplications } from './api/get-job-applications';
import { ApplicationList } from './components/application-list';
import { PipelineBoard } from './components/board/pipeline-board';
import { CandidatePanel } from './components/candidate-panel/candidate-panel';
import { JobOfferHeader } from './components/job-offer-header';
import { usePipelineUrlState } from './components/pipeline-url-state';
import { StatusSummary } from './components/status-summary';
import { MoveSelectionDialog } from './components/triage/move-selection-dialog';
import { TriageHelp, TriageKeysButton } from './components/triage/triage-help';
import { usePipelineMoves } from './components/triage/use-pipeline-moves';
import { useTriage } from './components/triage/use-triage';
import { registerPipelineTexts } from './i18n';
import { APPLICATIONS_PER_PAGE, type JobApplication, type JobOffer, type PipelineStatus } from './types';

registerPipelineTexts();

/**
 * One job offer with its candidates (/jobs/{jobId}), SPEC section 2: the back link 'Job offers', a loading state
 * until the offer is fetched and the fallback text when it is not found; then the header (export, status filter,
 * list or board), the status summary, the search box, the candidate rows (or the board) and the detail panel.
 */
export function JobOfferScreen() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  const id = Number(jobId);
  const query = useJobOffer(id);

  const back = (
    <Anchor component={Link} to="/jobs" size="sm" mb="xs" display="inline-block">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('nav.jobOffers')}
      </Group>
    </Anchor>
  );

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <>
        {back}
        <Center py="xl">
          <Loader aria-label={t('jobOffer.loading')} />
        </Center>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {back}
        <ScreenTitle>{t('common.notFound')}</ScreenTitle>
      </>
    );
  }
  return (
    <>
      {back}
      <Pipeline offer={query.data} />
    </>
  );
}

function Pipeline({ offer }: { offer: JobOffer }) {
  const { t } = useTranslation();
  const { state, setPage, setSearch, setStatus, setView, selectCandidate } = usePipelineUrlState();
  const { page, statusId, view, candidateId } = state;
  const search = useDebouncedSearch(state.search, setSearch, SEARCH_DEBOUNCE_MS.candidateList);
  const setContext = useAppStore((store) => store.setContext);
  const params = useMemo(() => ({ page, search: state.search, statusId }), [page, state.search, statusId]);
  const applications = useJobApplications(offer.id, params, view === 'list');
  const remove = useDeleteJobApplication(offer.id);
  const statuses: PipelineStatus[] = useMemo(
    () => [...offer.summary.statuses].sort((a, b) => a.index - b.index),
    [offer.summary.statuses],
  );
  const totalCount = applications.data?.totalCount;
  const totalPages = Math.ceil((totalCount ?? 0) / APPLICATIONS_PER_PAGE);

  // SPEC section 3, "Other client state": the offer and status being worked on (the export screen starts from them).
  useEffect(
    () => setContext({ actualJobOffer: offer.id, actualStatus: statusId ?? null }),
    [offer.id, statusId, setContext],
  );

  // A page past the last one (a stale link, or rows deleted in another tab) steps back to the last page.
  useStepBackPastLastPage(applications, page, totalPages, setPage);

  // Moves and selections are said in the live region (issue 28); a move to a status marked rejected asks why
  // first (issue 21); every move can be undone from its toast.
  const [announcement, setAnnouncement] = useState('');
  const moves = usePipelineMoves(offer.id, statuses, setAnnouncement);
  const onMove = (application: JobApplication, status: PipelineStatus) =>
    moves.request({ applications: [application], status });

  // Keyboard triage (issue 28).
  const queryClient = useQueryClient();
  const searchBox = useRef<HTMLInputElement>(null);
  // A page that arrives after `j` crossed to it comes as an update React must render at once (TanStack Query
  // reads through useSyncExternalStore): another page's rows render from a deferred copy, in the background and
  // in slices (issue 28, decision 221). A page fetched ahead shows in the same render as the step, and a change
  // to the page on screen (a move, a delete) shows at once.
  const latest = useMemo(
    () => ({ params, page: applications.data, placeholder: applications.isPlaceholderData }),
    [params, applications.data, applications.isPlaceholderData],
  );
  const deferred = useDeferredValue(latest);
  const shown =
    deferred.params === latest.params && deferred.placeholder === latest.placeholder ? latest : deferred;
  const rows = shown.placeholder ? undefined : shown.page?.data;
  const paging = useMemo(
    () =>
      view === 'list'
        ? {
            page,
            totalPages,
            setPage,
            rows,
            prefetch: async (next: number) =>
              (await queryClient.fetchQuery(jobApplicationsQueryOptions(offer.id, { ...params, page: next })))
                .data,
          }
        : undefined,
    [view, page, totalPages, setPage, rows, queryClient, offer.id, params],
  );
  const triage = useTriage({
    jobOfferId: offer.id,
    statuses,
    search: state.search,
    paging,
    candidateId,
    selectCandidate,
    requestMove: (list, status) => moves.request({ applications: list, status }),
    focusSearch: () => searchBox.current?.focus(),
    announce: setAnnouncement,
  });
  const checkedIds = useMemo(() => new Set(triage.selection.keys()), [triage.selection]);
  // Every `j` changes the address, which re-renders this screen: the header, the summary, the search, the dialogs
  // and the panel are memoised and get handlers that keep their identity, so a step re-renders only the two rows
  // and the panel it changes (issue 28's budget of 100 ms of main thread per step).
  const closePanel = useCallback(() => selectCandidate(undefined), [selectCandidate]);
  const onSearchChange = useCallbackRef(search.onChange);
  const openHelp = useCallback(() => triage.setHelpOpen(true), [triage.setHelpOpen]);
  const closeHelp = useCallback(() => triage.setHelpOpen(false), [triage.setHelpOpen]);
  const moveSelection = useCallbackRef(triage.moveSelection);
  const closeMove = useCallbackRef(triage.closeMove);
  const cancelRejection = useCallbackRef(moves.prompt.onCancel);
  const confirmRejection = useCallbackRef(moves.prompt.onConfirm);
  // SPEC section 4: the candidate leaves the offer; the page steps back by one if it became empty.
  const onDelete = async (application: JobApplication) => {
    const onPage = applications.data?.data.length ?? 0;
    await remove.mutateAsync(application);
    if (application.candidateId === candidateId) selectCandidate(undefined);
    if (onPage <= 1 && page > 1) setPage(page - 1);
  };

  const panel = <CandidatePanel candidateId={candidateId} jobOfferId={offer.id} onClose={closePanel} />;
  return (
    <Stack gap="md">
      <RejectionPrompt
        rejecting={moves.prompt.rejecting}
        onCancel={cancelRejection}
        onConfirm={confirmRejection}
      />
      <TriageHelp opened={triage.helpOpen} onClose={closeHelp} />
      <MoveSelectionDialog
        opened={triage.moveOpen}
        count={triage.selection.size}
        statuses={statuses}
        onMove={moveSelection}
        onClose={closeMove}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <JobOfferHeader
        offer={offer}
        statusId={statusId}
        onStatusChange={setStatus}
        view={view}
        onViewChange={setView}
      />
      <StatusSummary
        statuses={offer.summary.statuses}
        total={offer.candidatesCount}
        currentStatusId={statusId}
        onSelect={setStatus}
      />
      <Group gap="sm" wrap="nowrap" align="center">
        <Box flex={1}>
          <SearchHeader
            inputRef={searchBox}
            value={search.text}
            onChange={onSearchChange}
            placeholder={t('jobOffer.search')}
            count={view === 'list' ? totalCount : undefined}
            countLabel={t('jobOffer.count')}
          />
        </Box>
        <TriageKeysButton onClick={openHelp} />
      </Group>
      {triage.selection.size > 0 && (
        <Group gap="sm">
          <Text size="sm" fw={600}>
            {t('jobOffer.triage.selectionCount', { count: triage.selection.size })}
          </Text>
          <Button size="compact-sm" onClick={triage.openMove} aria-keyshortcuts="m">
            {t('jobOffer.triage.moveSelection')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={triage.clearSelection}>
            {t('jobOffer.triage.clearSelection')}
          </Button>
        </Group>
      )}
      {view === 'list' ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <ApplicationList
                applications={shown.page?.data}
                loading={applications.isPending}
                statuses={statuses}
                selectedCandidateId={candidateId}
                onSelect={(application) => selectCandidate(application.candidateId)}
                checkedIds={checkedIds}
                onCheck={triage.toggle}
                onMove={onMove}
                onDelete={onDelete}
              />
              <Paginator page={page} totalPages={totalPages} onChange={setPage} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{panel}</Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md">
          <PipelineBoard
            jobOfferId={offer.id}
            statuses={statuses}
            search={state.search}
            selectedCandidateId={candidateId}
            onSelect={selectCandidate}
            onMove={onMove}
            checkedIds={checkedIds}
          />
          <Box maw={720}>{panel}</Box>
        </Stack>
      )}
    </Stack>
  );
}
