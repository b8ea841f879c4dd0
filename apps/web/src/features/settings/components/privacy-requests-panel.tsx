import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeFormat } from '../../../shared/i18n/intl-formats';
import { candidateInOfferPath } from '../../../shared/resources/job-offers/candidate-in-offer-path';
import {
  type PrivacyRequest,
  useClosePrivacyRequest,
  usePrivacyRequests,
} from '../../../shared/resources/privacy/privacy';
import { DataExportButton } from '../../../shared/widgets/data-export/data-export-button';
import { CELL, TABLE } from './plain-table';

const formatDay = (iso: string | null, language: string) =>
  iso
    ? dateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso))
    : '';

/**
 * "Privacy requests" (issue 24, decision 194, admins): the requests people confirmed on the careers site, the
 * open ones by deadline (a month after the confirmation, overdue ones marked), with the candidate's data export
 * for an access request and a link to the candidate for an erasure, which is done on the candidate and then
 * closed here with "Mark as done".
 */
export function PrivacyRequestsPanel({ opened }: { opened: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'open' | 'done'>('open');
  const requests = usePrivacyRequests(state, opened);
  const close = useClosePrivacyRequest();
  const rows = requests.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.8">
        {t('privacy.requestsIntro')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={state}
        onChange={(value) => setState(value === 'done' ? 'done' : 'open')}
        data={[
          { value: 'open', label: t('privacy.open') },
          { value: 'done', label: t('privacy.done') },
        ]}
      />
      {rows.length === 0 ? (
        <Text c="gray.8">{requests.isPending && opened ? t('common.loading') : t('privacy.none')}</Text>
      ) : (
        <table style={TABLE} aria-label={t('privacy.requests')}>
          <thead>
            <tr>
              <th style={CELL}>{t('privacy.candidate')}</th>
              <th style={CELL}>{t('privacy.kind')}</th>
              <th style={CELL}>{t('privacy.confirmed')}</th>
              <th style={CELL}>{state === 'open' ? t('privacy.due') : t('privacy.closedBy')}</th>
              <th style={CELL}>{t('privacy.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                language={i18n.language}
                busy={close.isPending}
                onClose={() => close.mutate(request.id)}
              />
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

function RequestRow({
  request,
  language,
  busy,
  onClose,
}: {
  request: PrivacyRequest;
  language: string;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { candidate } = request;
  const name = candidate?.name ?? t('privacy.erased');
  const open = request.state === 'open';
  return (
    <tr>
      <td style={CELL}>
        {candidate?.jobOfferId ? (
          <Link to={candidateInOfferPath(candidate.jobOfferId, candidate.id)}>{name}</Link>
        ) : (
          name
        )}
      </td>
      <td style={CELL}>{request.kind === 'access' ? t('privacy.access') : t('privacy.erasure')}</td>
      <td style={CELL}>{formatDay(request.confirmedAt, language)}</td>
      <td style={CELL}>
        {open ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c={request.overdue ? 'red.9' : undefined} fw={request.overdue ? 700 : undefined}>
              {formatDay(request.dueAt, language)}
            </Text>
            {request.overdue && (
              <Badge color="red" variant="light">
                {t('privacy.overdue')}
              </Badge>
            )}
          </Group>
        ) : (
          `${request.doneBy?.name ?? ''} · ${formatDay(request.doneAt, language)}`
        )}
      </td>
      <td style={CELL}>
        <Group gap="xs" wrap="nowrap">
          {candidate && request.kind === 'access' && (
            <DataExportButton candidateId={candidate.id} label={t('privacy.download')} />
          )}
          {open && request.kind === 'erasure' && (
            <Alert p={4} color="gray" variant="transparent">
              <Text size="xs">{t('privacy.erasureHint')}</Text>
            </Alert>
          )}
          {open && (
            <Button
              size="compact-xs"
              variant="light"
              loading={busy}
              aria-label={t('privacy.markDoneOf', { name })}
              onClick={onClose}
            >
              {t('privacy.markDone')}
            </Button>
          )}
        </Group>
      </td>
    </tr>
  );
}
