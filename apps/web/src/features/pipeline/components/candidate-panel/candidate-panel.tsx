import {
  Avatar,
  Box,
  Button,
  Center,
  CloseButton,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refetchAfterWrite } from '../../../../shared/api/query-client';
import { showUndoToast } from '../../../../shared/notifications/undo-toast';
import { activityKeys } from '../../../../shared/resources/activity/activity';
import { useAddContact } from '../../../../shared/resources/candidates/add-contact';
import { useAttachCandidateTag } from '../../../../shared/resources/candidates/attach-candidate-tag';
import type { Candidate } from '../../../../shared/resources/candidates/candidate';
import { useDeleteContact } from '../../../../shared/resources/candidates/delete-contact';
import { useDetachCandidateTag } from '../../../../shared/resources/candidates/detach-candidate-tag';
import { useCandidate } from '../../../../shared/resources/candidates/get-candidate';
import { useSetPrimaryContact } from '../../../../shared/resources/candidates/set-primary-contact';
import { useUpdateCandidate } from '../../../../shared/resources/candidates/update-candidate';
import { useAppStore } from '../../../../shared/store/app-store';
import { CandidateActivity } from '../../../../shared/widgets/candidate-activity/candidate-activity';
import { CandidateFiles } from '../../../../shared/widgets/candidate-files/candidate-files';
import { DataExportButton } from '../../../../shared/widgets/data-export/data-export-button';
import { ApplicationInterviews } from '../../../../shared/widgets/interviews/application-interviews';
import { SocialRow } from '../../../../shared/widgets/social-row/social-row';
import { replaceCandidateInPipeline } from '../../api/pipeline-cache';
import { candidateName, candidateTitle, useNameTexts } from '../candidate-name';
import { CandidateTags } from './candidate-tags';
import { ContactAddForm } from './contact-add-form';
import { ContactList } from './contact-list';
import { ErasedCandidate } from './erased-candidate';
import { LegalBasis } from './legal-basis';
import { ManualDataForm } from './manual-data-form';
import { OtherApplications } from './other-applications';
import { ThisApplication } from './this-application';

// Erasure (issue 24) is an admin's rare act: its dialog loads when first opened.
const EraseCandidateModal = lazy(async () => ({
  default: (await import('../../../../shared/widgets/erase-candidate/erase-candidate-modal'))
    .EraseCandidateModal,
}));

export interface CandidatePanelProps {
  candidateId: number | undefined;
  jobOfferId: number;
  onClose: () => void;
}

/**
 * The detail panel of the selected candidate (SPEC section 2): picture, name and title (editable manual data),
 * social links, contacts, tags and the candidate's other job applications. Every change shows in the candidate's
 * row at once.
 */
export const CandidatePanel = memo(function CandidatePanel({
  candidateId,
  jobOfferId,
  onClose,
}: CandidatePanelProps) {
  const { t } = useTranslation();
  const query = useCandidate(candidateId);
  // TanStack Query hands new data to React as an update it must render at once (useSyncExternalStore): a
  // candidate arriving while `j` walks would render the whole panel in one long task. Another candidate's
  // details render from a deferred copy instead, which React renders in the background, in slices (issue 28,
  // decision 221); a candidate fetched ahead shows in the same render as the step, and a change to the candidate
  // on screen (an edit, a tag) shows at once.
  const latest = useMemo(() => ({ candidateId, data: query.data }), [candidateId, query.data]);
  const deferred = useDeferredValue(latest);
  const candidate =
    deferred.candidateId === candidateId && deferred.data ? (latest.data ?? deferred.data) : undefined;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={t('jobOffer.panel.label')}>
      {candidateId === undefined ? (
        <Text c="gray.8">{t('jobOffer.panel.empty')}</Text>
      ) : candidate ? (
        <CandidateDetails candidate={candidate} jobOfferId={jobOfferId} onClose={onClose} />
      ) : query.data || (query.isPending && query.fetchStatus !== 'idle') ? (
        <Center py="md">
          <Loader aria-label={t('jobOffer.panel.loading')} />
        </Center>
      ) : (
        // 'Could not fetch candidate' was toasted.
        <Group justify="space-between">
          <Text c="gray.8">{t('common.notFound')}</Text>
          <CloseButton aria-label={t('jobOffer.panel.close')} onClick={onClose} />
        </Group>
      )}
    </Paper>
  );
});

function CandidateDetails({
  candidate,
  jobOfferId,
  onClose,
}: {
  candidate: Candidate;
  jobOfferId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [erasing, setErasing] = useState(false);
  const isAdmin = useAppStore((s) => s.user?.role === 'admin');
  const update = useUpdateCandidate();
  const addContact = useAddContact();
  const deleteContact = useDeleteContact();
  const setPrimary = useSetPrimaryContact();
  const attach = useAttachCandidateTag();
  const detach = useDetachCandidateTag();
  const name = candidateName(candidate, useNameTexts());
  const title = candidateTitle(candidate);
  const contactBusy = deleteContact.isPending || setPrimary.isPending;
  // Issue 28: `e` edits the candidate shown (Mantine ignores it while typing in a field).
  useHotkeys([['e', () => setEditing(!candidate.erasedAt)]]);
  if (candidate.erasedAt)
    return <ErasedCandidate candidate={candidate} name={name} jobOfferId={jobOfferId} onClose={onClose} />;

  /** Runs a change and shows its answer in the candidate's row and card; a failure was already toasted. */
  const changed = async (change: Promise<Candidate>) => {
    try {
      replaceCandidateInPipeline(queryClient, jobOfferId, await change);
      void refetchAfterWrite(queryClient, { queryKey: activityKeys.candidate(candidate.id) });
    } catch {
      // toasted by the call (SPEC section 8)
    }
  };
  const contact = (type: 'email' | 'phone', value: string) => ({ candidateId: candidate.id, type, value });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={candidate.pictureUrl || null} alt={name} radius="xl" size={56} />
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {name}
            </Title>
            {title && <Text c="gray.8">{title}</Text>}
            <SocialRow profiles={candidate.socialNetworks} />
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          {!editing && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('jobOffer.panel.edit')}
            </Button>
          )}
          <CloseButton aria-label={t('jobOffer.panel.close')} onClick={onClose} />
        </Group>
      </Group>
      {editing && (
        <ManualDataForm
          candidate={candidate}
          onClose={() => setEditing(false)}
          onSave={async (manualData) => {
            const before = candidate.manualData;
            const saved = await update.mutateAsync({ id: candidate.id, fields: { manualData } });
            replaceCandidateInPipeline(queryClient, jobOfferId, saved);
            showUndoToast(
              t('jobOffer.triage.edited'),
              () => void changed(update.mutateAsync({ id: candidate.id, fields: { manualData: before } })),
            );
          }}
        />
      )}
      <ThisApplication candidateId={candidate.id} jobOfferId={jobOfferId} />
      <Divider />
      <ApplicationInterviews candidateId={candidate.id} jobOfferId={jobOfferId} />
      <Divider />
      {(['email', 'phone'] as const).map((kind) => (
        <Stack key={kind} gap={6}>
          <Title order={3} size="h6">
            {t(kind === 'email' ? 'jobOffer.panel.emails' : 'jobOffer.panel.phones')}
          </Title>
          <ContactList
            kind={kind}
            values={kind === 'email' ? candidate.contacts.emails : candidate.contacts.phones}
            primary={kind === 'email' ? candidate.email : candidate.phone}
            busy={contactBusy}
            onSetPrimary={(value) => void changed(setPrimary.mutateAsync(contact(kind, value)))}
            onDelete={(value) => void changed(deleteContact.mutateAsync(contact(kind, value)))}
          />
          <ContactAddForm
            kind={kind}
            onAdd={async (value) =>
              replaceCandidateInPipeline(
                queryClient,
                jobOfferId,
                await addContact.mutateAsync(contact(kind, value)),
              )
            }
          />
        </Stack>
      ))}
      <Divider />
      <Title order={3} size="h6">
        {t('jobOffer.panel.tags')}
      </Title>
      <CandidateTags
        tags={candidate.tags}
        onAdd={(tag) => changed(attach.mutateAsync({ candidateId: candidate.id, tagId: tag.id }))}
        onRemove={(tag) => changed(detach.mutateAsync({ candidateId: candidate.id, tagId: tag.id }))}
      />
      <Divider />
      <Title order={3} size="h6">
        {t('jobOffer.panel.otherApplications')}
      </Title>
      <OtherApplications candidateId={candidate.id} jobOfferId={jobOfferId} />
      <Divider />
      <LegalBasis candidate={candidate} />
      <Divider />
      <CandidateFiles candidateId={candidate.id} />
      <Group justify="flex-end">
        <DataExportButton candidateId={candidate.id} />
      </Group>
      <Divider />
      <CandidateActivity candidateId={candidate.id} />
      {isAdmin && (
        <>
          <Divider />
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setErasing(true)}
            >
              {t('erasure.action')}
            </Button>
          </Group>
        </>
      )}
      {erasing && (
        <Suspense fallback={null}>
          <EraseCandidateModal
            candidate={candidate}
            onClose={() => setErasing(false)}
            onErased={() => {
              setErasing(false);
              onClose();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
