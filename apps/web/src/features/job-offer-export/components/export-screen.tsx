import { Button, Checkbox, Group, Progress, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSelectedStatuses } from '../../../shared/hooks/use-selected-statuses';
import { showToast } from '../../../shared/notifications/toast';
import type { JobOffer } from '../../../shared/resources/job-offers/job-offer';
import { useRejectedStatusIds } from '../../../shared/resources/statuses/get-statuses';
import { useAppStore } from '../../../shared/store/app-store';
import { type Rejection, RejectionPrompt } from '../../../shared/widgets/candidate-activity/rejection-prompt';
import { CustomSelect } from '../../../shared/widgets/custom-select/custom-select';
import { JobOfferFrame } from '../../../shared/widgets/job-offer-frame/job-offer-frame';
import { StatusPicker } from '../../../shared/widgets/status-picker/status-picker';
import { useChangeExportedStatuses } from '../api/change-exported-statuses';
import { useExportJobOffer } from '../api/export-job-offer';
import { registerExportTexts } from '../i18n';
import { saveFile } from '../save-file';

registerExportTexts();

/** Export screen (/jobs/{jobId}/export), SPEC sections 2 and 4. */
export function ExportScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().jobId);
  return (
    <JobOfferFrame
      jobOfferId={id}
      title={t('screens.export')}
      sourceLabel={t('jobOfferExport.from')}
      loadingLabel={t('jobOfferExport.loading')}
    >
      {(offer) => <ExportForm offer={offer} />}
    </JobOfferFrame>
  );
}

/**
 * Every status preselected on entry; the optional status change; a progress bar that moves with the download;
 * Export. Zero rows: 'Cannot export an empty job offer !'. Otherwise the file is saved, then (when chosen) the
 * exported statuses move, and '{n} element(s) exported' (plus '. statuses were updated to "{status name}"')
 * leads back to /jobs/{jobId}. A failed status change shows its error only and stays here; any other export
 * failure is silent (SPEC section 8). A change to a status marked rejected asks why first (issue 21), before
 * the file is made, as every move there does.
 */
function ExportForm({ offer }: { offer: JobOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useSelectedStatuses();
  const [changeStatus, setChangeStatus] = useState(false);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [asking, setAsking] = useState(false);
  const progress = useAppStore((state) => state.exportProgress);
  const setExportProgress = useAppStore((state) => state.setExportProgress);
  const exportFile = useExportJobOffer();
  const change = useChangeExportedStatuses();
  const statuses = offer.summary.statuses;
  const target = statuses.find((status) => status.id === targetId);
  const rejected = useRejectedStatusIds();
  const rejects = targetId !== null && rejected.ids.has(targetId);
  const moving = statuses
    .filter((status) => selected.includes(status.id))
    .reduce((sum, status) => sum + status.candidatesCount, 0);

  // SPEC section 2: all statuses preselected on entry (the offer's refetches later keep the user's choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on entry to this offer only.
  useEffect(() => setSelected(statuses.map((status) => status.id)), [offer.id]);

  const run = async (rejection?: Rejection) => {
    if (selected.length === 0) {
      showToast(t('errors.exportEmpty'), 'error');
      return;
    }
    setRunning(true);
    // SPEC section 4: "progress set indeterminate, the file built and downloaded, progress reset".
    setExportProgress(null);
    try {
      const exported = await exportFile.mutateAsync({
        jobOfferId: offer.id,
        statuses: selected,
        onProgress: setExportProgress,
      });
      if (exported.rows === 0) {
        showToast(t('errors.exportEmpty'), 'error');
        return;
      }
      saveFile(exported.file, exported.fileName);
      let message = t('jobOfferExport.exported', { n: exported.rows });
      if (changeStatus && target) {
        try {
          await change.mutateAsync({
            jobOfferId: offer.id,
            statusId: target.id,
            statuses: selected,
            rejection,
          });
        } catch {
          return; // its error is toasted; no success message, the user stays (SPEC section 8)
        }
        message += t('jobOfferExport.statusesUpdated', { status: target.name });
      }
      showToast(message, 'success');
      navigate(`/jobs/${offer.id}`);
    } catch {
      // SPEC section 8: other export failures are silent (the console has them).
    } finally {
      setRunning(false);
      setExportProgress(null);
    }
  };

  const indeterminate = running && progress === null;
  return (
    <Stack
      component="form"
      aria-label={t('screens.export')}
      gap="lg"
      maw={640}
      onSubmit={(event) => {
        event.preventDefault();
        if (changeStatus && rejects && selected.length > 0) setAsking(true);
        else void run();
      }}
    >
      <RejectionPrompt
        rejecting={asking ? { count: moving } : null}
        onCancel={() => setAsking(false)}
        onConfirm={(rejection) => {
          setAsking(false);
          void run(rejection);
        }}
      />
      <StatusPicker
        label={t('jobOfferExport.statuses')}
        statuses={statuses}
        value={selected}
        onChange={setSelected}
        disabled={running}
      />
      <Stack gap="xs">
        <Checkbox
          label={t('jobOfferExport.changeStatus')}
          checked={changeStatus}
          disabled={running}
          onChange={(event) => setChangeStatus(event.currentTarget.checked)}
        />
        <CustomSelect
          label={t('jobOfferExport.newStatus')}
          placeholder={t('jobOfferExport.newStatusPlaceholder')}
          data={statuses.map((status) => ({ value: String(status.id), label: status.name }))}
          value={targetId === null ? null : String(targetId)}
          onChange={(value) => setTargetId(value === null ? null : Number(value))}
          disabled={!changeStatus || running}
          maw={320}
        />
      </Stack>
      <Progress
        aria-label={t('jobOfferExport.progress')}
        value={indeterminate ? 100 : Math.round((progress ?? 0) * 100)}
        striped={indeterminate}
        animated={indeterminate}
        size="lg"
      />
      <Group>
        <Button
          type="submit"
          loading={running}
          // Until the statuses are known, a change cannot tell whether it needs a reason.
          disabled={changeStatus && (!target || rejected.pending)}
        >
          {t('jobOfferExport.export')}
        </Button>
      </Group>
    </Stack>
  );
}
