import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed';

/**
 * The signed-in user's calendar feed (issue 27): a secret address a calendar subscribes to, listing their
 * interviews; shown once when made, made again to replace it, revoked to stop it.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation();
  const state = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = state.data?.active ?? false;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('interviews.feed.title')}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('interviews.feed.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t(active ? 'interviews.feed.active' : 'interviews.feed.intro')}
        </Text>
        {url && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('interviews.feed.url')}
              value={url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {t(copied ? 'interviews.feed.copied' : 'interviews.feed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            loading={create.isPending}
            onClick={() =>
              void create.mutateAsync(undefined).then(
                (made) => setUrl(made.url),
                () => {},
              )
            }
          >
            {t(active ? 'interviews.feed.replace' : 'interviews.feed.create')}
          </Button>
          {active && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                void revoke.mutateAsync(undefined).then(
                  () => setUrl(null),
                  () => {},
                )
              }
            >
              {t('interviews.feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
