import { ActionIcon, Group, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBriefcase,
  IconCopy,
  IconDots,
  IconFileExport,
  IconMail,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/store/app-store';
import { useSetJobOfferArchived } from '../api/archive-job-offer';
import { useDeleteJobOffer } from '../api/delete-job-offer';
import type { JobOffer } from '../types';

// Loaded on the first Delete: the dialog's code (Modal, focus trap, scroll lock) is not on the first page.
const ConfirmDeleteModal = lazy(async () => ({
  default: (await import('./confirm-delete-modal')).ConfirmDeleteModal,
}));
// Loaded when opened: the posting carries the rich-text editor and the questions editor.
const JobPostingModal = lazy(() => import('./posting/job-posting-modal'));

export interface JobOfferActionsProps {
  offer: JobOffer;
  onEdit: () => void;
}

/**
 * A card's row actions (SPEC section 2): edit inline, export, and the more-actions menu with Archive (Unarchive
 * for an archived offer), Posting (issue 23: what the careers site shows, its questions, Published), Edit email template (its modal opens over the index: app/email-dialogs.tsx), Copy and
 * Delete with confirmation.
 */
export function JobOfferActions({ offer, onEdit }: JobOfferActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [posting, setPosting] = useState(false);
  const archive = useSetJobOfferArchived();
  const remove = useDeleteJobOffer();
  const name = offer.name;

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray.8" aria-label={t('jobOffers.edit', { name })} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        component={Link}
        to={`/jobs/${offer.id}/export`}
        aria-label={t('jobOffers.export', { name })}
      >
        <IconFileExport size={18} aria-hidden />
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray.8" aria-label={t('jobOffers.moreActions', { name })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={
              offer.archived ? (
                <IconArchiveOff size={16} aria-hidden />
              ) : (
                <IconArchive size={16} aria-hidden />
              )
            }
            onClick={() => archive.mutate({ id: offer.id, archived: !offer.archived })}
          >
            {offer.archived ? t('jobOffers.unarchive') : t('jobOffers.archive')}
          </Menu.Item>
          {/* The menu's briefcase (the side menu's job offers icon): one more icon would push the first page past 250 kB. */}
          <Menu.Item leftSection={<IconBriefcase size={16} aria-hidden />} onClick={() => setPosting(true)}>
            {t('jobOffers.posting.open')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={() => useAppStore.getState().openEmailDialog({ kind: 'template', jobOfferId: offer.id })}
          >
            {t('jobOffers.editEmailTemplate')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/jobs/${offer.id}/copy`}
            leftSection={<IconCopy size={16} aria-hidden />}
          >
            {t('jobOffers.copy')}
          </Menu.Item>
          <Menu.Item
            color="red.8"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('jobOffers.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {posting && (
        <Suspense fallback={null}>
          <JobPostingModal offer={offer} onClose={() => setPosting(false)} />
        </Suspense>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDeleteModal
            title={t('jobOffers.deleteTitle', { name })}
            onClose={() => setConfirming(false)}
            onConfirm={() => remove.mutateAsync(offer.id)}
          />
        </Suspense>
      )}
    </Group>
  );
}
