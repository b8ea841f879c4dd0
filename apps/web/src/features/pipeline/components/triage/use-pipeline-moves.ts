import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../shared/notifications/toast';
import { showUndoToast } from '../../../../shared/notifications/undo-toast';
import { useRejectedStatusIds } from '../../../../shared/resources/statuses/get-statuses';
import type { Rejecting, Rejection } from '../../../../shared/widgets/candidate-activity/rejection-prompt';
import { useMoveJobApplication } from '../../api/move-job-application';
import { useMoveJobApplications } from '../../api/move-job-applications';
import type { JobApplication, PipelineStatus } from '../../types';
import { candidateName, useNameTexts } from '../candidate-name';
import { undoGroups } from './triage-keys';

/** A move asked for: the applications, where to, and whether it undoes an earlier one. */
export interface PendingMove {
  applications: JobApplication[];
  status: PipelineStatus;
  undo?: boolean;
}

/**
 * Every status move of the job offer screen (switcher, board drop, digit keys, `m`): a move to a status marked
 * rejected asks why first (decision 171), one application moves alone and a selection in one call; once the
 * server agreed, the live region says it and a toast offers to undo it for 5 s (issue 28). Undo moves each
 * application back to the status it had, through the same door (so putting one back into a rejected status
 * asks why again).
 */
export function usePipelineMoves(
  jobOfferId: number,
  statuses: PipelineStatus[],
  announce: (text: string) => void,
) {
  const { t } = useTranslation();
  const names = useNameTexts();
  const single = useMoveJobApplication(jobOfferId);
  const many = useMoveJobApplications(jobOfferId);
  const { ids: rejectedIds } = useRejectedStatusIds();
  const [rejecting, setRejecting] = useState<PendingMove | null>(null);

  const run = async ({ applications, status, undo }: PendingMove, rejection?: Rejection) => {
    const moving = applications.filter((a) => a.statusId !== status.id);
    const [first] = moving;
    if (!first) return;
    try {
      if (moving.length === 1) await single.mutateAsync({ application: first, status, rejection });
      else await many.mutateAsync({ applications: moving, status, rejection });
    } catch {
      return; // toasted by the call, and the screen put back
    }
    const said =
      moving.length === 1
        ? t('jobOffer.triage.movedNamed', {
            name: candidateName(first.candidate ?? undefined, names),
            status: status.name,
          })
        : t('jobOffer.triage.movedMany', { count: moving.length, status: status.name });
    announce(said);
    if (undo) {
      showToast(t('jobOffer.triage.undone'), 'info');
      return;
    }
    const toast = moving.length === 1 ? t('jobOffer.triage.moved', { status: status.name }) : said;
    showUndoToast(toast, () => undoMove(moving, status));
  };

  const request = (pending: PendingMove) => {
    if (rejectedIds.has(pending.status.id)) setRejecting(pending);
    else void run(pending);
  };

  const undoMove = (moved: JobApplication[], to: PipelineStatus) => {
    for (const [statusId, group] of undoGroups(moved).groups) {
      const back = statuses.find((s) => s.id === statusId);
      if (!back) continue;
      const now = group.map((a) => ({ ...a, statusId: to.id }));
      request({ applications: now, status: back, undo: true });
    }
  };

  const rejectingWho: Rejecting | null = rejecting
    ? rejecting.applications.length === 1
      ? { name: candidateName(rejecting.applications[0]?.candidate ?? undefined, names) }
      : { count: rejecting.applications.length }
    : null;

  return {
    request,
    /** What the rejection prompt needs: open while a move waits for its reason. */
    prompt: {
      rejecting: rejectingWho,
      onCancel: () => setRejecting(null),
      onConfirm: (rejection: Rejection) => {
        if (rejecting) void run(rejecting, rejection);
        setRejecting(null);
      },
    },
  };
}
