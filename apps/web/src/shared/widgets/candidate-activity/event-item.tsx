import { Anchor, Box, Group, Loader, Paper, Stack, Text, Typography } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateEvent } from '../../resources/activity/activity';
import { useEmailContent } from '../../resources/activity/timeline';
import { describeEvent, rejectionOf } from './describe-event';
import { When } from './when';

/** An event of the timeline: what happened, who did it, when; a sent email's message on demand. */
export function EventItem({
  event,
  candidateId,
  language,
}: {
  event: CandidateEvent;
  candidateId: number;
  language: string;
}) {
  const { t } = useTranslation();
  const what = describeEvent(event, t);
  const reason = rejectionOf(event);
  const d = event.data as { emailId?: number; template?: { name?: string } | null };
  return (
    <Box px="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{event.actor ? t('activity.by', { what, name: event.actor.name }) : what}</Text>
        <When at={event.createdAt} language={language} />
      </Group>
      {reason && (
        <Text size="xs" c="gray.8">
          {t('activity.events.reason', { reason })}
        </Text>
      )}
      {event.kind === 'email_sent' && d.template?.name && (
        <Text size="xs" c="gray.8">
          {t('activity.events.email_template', { template: d.template.name })}
        </Text>
      )}
      {event.kind === 'email_sent' && typeof d.emailId === 'number' && (
        <EmailBody candidateId={candidateId} emailId={d.emailId} />
      )}
    </Box>
  );
}

function EmailBody({ candidateId, emailId }: { candidateId: number; emailId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const email = useEmailContent(candidateId, emailId, open);
  return (
    <Stack gap={4}>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
        {open ? t('activity.events.hideEmail') : t('activity.events.showEmail')}
      </Anchor>
      {open &&
        (email.data ? (
          <Paper withBorder p="xs">
            <Typography fz="sm">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the message as sent, sanitised when composed */}
              <div dangerouslySetInnerHTML={{ __html: email.data.content }} />
            </Typography>
          </Paper>
        ) : (
          <Loader size="xs" />
        ))}
    </Stack>
  );
}
