import { Button, Group, Menu, SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFilter, IconMail, IconSend } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/store/app-store';
import { ScreenTitle } from '../../../shared/widgets/screen-title/screen-title';
import type { JobOffer, PipelineView } from '../types';
import { StatusSwatch } from './status-swatch';

export interface JobOfferHeaderProps {
  offer: JobOffer;
  statusId: number | undefined;
  onStatusChange: (statusId: number | undefined) => void;
  view: PipelineView;
  onViewChange: (view: PipelineView) => void;
}

/** The offer's name and company, with the export and status-filter actions (SPEC section 2) and the view toggle. */
export const JobOfferHeader = memo(function JobOfferHeader({
  offer,
  statusId,
  onStatusChange,
  view,
  onViewChange,
}: JobOfferHeaderProps) {
  const { t } = useTranslation();
  const viewLabel = useId();
  const statuses = [...offer.summary.statuses].sort((a, b) => a.index - b.index);
  const current = statuses.find((status) => status.id === statusId);
  const openEmailDialog = useAppStore((state) => state.openEmailDialog);
  return (
    <>
      <ScreenTitle>{offer.name}</ScreenTitle>
      <Group justify="space-between" gap="sm" mb="sm">
        <Text c="gray.8">{offer.company?.name ?? t('jobOffer.noCompany')}</Text>
        <Group gap="xs">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFilter size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                {current
                  ? t('jobOffer.statusFilterCurrent', { name: current.name })
                  : t('jobOffer.statusFilter')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onStatusChange(undefined)}>{t('jobOffer.allStatuses')}</Menu.Item>
              {statuses.map((status) => (
                <Menu.Item
                  key={status.id}
                  leftSection={<StatusSwatch color={status.color} />}
                  onClick={() => onStatusChange(status.id)}
                >
                  {status.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button
            component={Link}
            to={`/jobs/${offer.id}/export`}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('jobOffer.export')}
          </Button>
          {/* Issue 11: the offer's email template, and sending it to the candidates shown (of the status filter). */}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={() => openEmailDialog({ kind: 'template', jobOfferId: offer.id })}
          >
            {t('jobOffer.editEmailTemplate')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => openEmailDialog({ kind: 'send', jobOfferId: offer.id, statusId: current?.id })}
          >
            {t('jobOffer.sendEmail')}
          </Button>
          <VisuallyHidden id={viewLabel}>{t('jobOffer.view')}</VisuallyHidden>
          <SegmentedControl
            size="xs"
            aria-labelledby={viewLabel}
            value={view}
            onChange={(value) => onViewChange(value === 'board' ? 'board' : 'list')}
            data={[
              { value: 'list', label: t('jobOffer.viewList') },
              { value: 'board', label: t('jobOffer.viewBoard') },
            ]}
          />
        </Group>
      </Group>
    </>
  );
});
