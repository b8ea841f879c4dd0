import { Anchor, Box, Center, Grid, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useJobOffer } from '../../shared/resources/job-offers/get-job-offer';
import { useStatuses } from '../../shared/resources/statuses/get-statuses';
import { useAppStore } from '../../shared/store/app-store';
import { RejectionPrompt } from '../../shared/widgets/candidate-activity/rejection-prompt';
import { Paginator } from '../../shared/widgets/paginator/paginator';
import { useStepBackPastLastPage } from '../../shared/widgets/paginator/use-step-back';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { SearchHeader } from '../../shared/widgets/search-header/search-header';
import { useDeleteJobApplication } from './api/delete-job-application';
import { useJobApplications } from './api/get-job-applications';
import { useMoveJobApplication } from './api/move-job-application';
import { ApplicationList } from './components/application-list';
import { PipelineBoard } from './components/board/pipeline-board';
import { candidateName, useNameTexts } from './components/candidate-name';
import { CandidatePanel } from './components/candidate-panel/candidate-panel';
import { JobOfferHeader } from './components/job-offer-header';
import { usePipelineUrlState } from './components/pipeline-url-state';
import { StatusSummary } from './components/status-summary';
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
  const move = useMoveJobApplication(offer.id);
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

  // A move to a status marked rejected asks why first (issue 21).
  const allStatuses = useStatuses();
  const rejectedIds = new Set((allStatuses.data ?? []).filter((s) => s.rejected).map((s) => s.id));
  const [rejecting, setRejecting] = useState<{ application: JobApplication; status: PipelineStatus } | null>(
    null,
  );
  const onMove = (application: JobApplication, status: PipelineStatus) => {
    if (rejectedIds.has(status.id)) setRejecting({ application, status });
    else move.mutate({ application, status });
  };
  // SPEC section 4: the candidate leaves the offer; the page steps back by one if it became empty.
  const onDelete = async (application: JobApplication) => {
    const onPage = applications.data?.data.length ?? 0;
    await remove.mutateAsync(application);
    if (application.candidateId === candidateId) selectCandidate(undefined);
    if (onPage <= 1 && page > 1) setPage(page - 1);
  };

  const names = useNameTexts();
  const panel = (
    <CandidatePanel
      candidateId={candidateId}
      jobOfferId={offer.id}
      onClose={() => selectCandidate(undefined)}
    />
  );
  return (
    <Stack gap="md">
      <RejectionPrompt
        candidateName={rejecting ? candidateName(rejecting.application.candidate ?? undefined, names) : null}
        onCancel={() => setRejecting(null)}
        onConfirm={(rejection) => {
          if (rejecting) move.mutate({ ...rejecting, rejection });
          setRejecting(null);
        }}
      />
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
      <SearchHeader
        value={search.text}
        onChange={search.onChange}
        placeholder={t('jobOffer.search')}
        count={view === 'list' ? totalCount : undefined}
        countLabel={t('jobOffer.count')}
      />
      {view === 'list' ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <ApplicationList
                applications={applications.data?.data}
                loading={applications.isPending}
                statuses={statuses}
                selectedCandidateId={candidateId}
                onSelect={(application) => selectCandidate(application.candidateId)}
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
          />
          <Box maw={720}>{panel}</Box>
        </Stack>
      )}
    </Stack>
  );
}
