import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../../shared/resources/activity/notifications';
import { candidateInOfferPath } from '../../shared/resources/job-offers/candidate-in-offer-path';
import { savedSearchPath } from '../../shared/resources/saved-searches/saved-searches';
import { relativeTime } from '../../shared/widgets/candidate-activity/relative-time';

type Item = NonNullable<ReturnType<typeof useNotifications>['data']>['data'][number];

/**
 * An application or an interview's answer opens its candidate in the offer's pipeline; a saved search's alert,
 * the search; a mention, the candidate in the database.
 */
const notificationPath = (n: Item): string =>
  (n.kind === 'application' || n.kind === 'interview_answer') && n.jobOffer
    ? candidateInOfferPath(n.jobOffer.id, n.candidate.id)
    : n.kind === 'saved_search' && n.savedSearch
      ? savedSearchPath(n.savedSearch)
      : `/candidates?filters[search]=${encodeURIComponent(n.candidate.name)}`;

/**
 * The bell's list (issue 21): the newest notifications (mentions in notes, applications through the careers
 * site: issue 23), each linked to its candidate, marked read one by one or all at once. Its own chunk, loaded
 * when the bell is first opened: every page shows the bell, few open it, and the jobs screen's JavaScript is
 * at DESIGN section 6's 250 kB.
 */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack gap="xs" role="region" aria-label={t('activity.notifications.title')}>
      <Group justify="space-between">
        <Text fw={600}>{t('activity.notifications.title')}</Text>
        {unread > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => markAll.mutate(undefined)}>
            {t('activity.notifications.markAllRead')}
          </Button>
        )}
      </Group>
      {(list.data?.data ?? []).length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('activity.notifications.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(list.data?.data ?? []).map((n) => (
            <li key={n.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={notificationPath(n)}
                    size="sm"
                    fw={n.readAt ? 400 : 700}
                    onClick={() => {
                      if (!n.readAt) markRead.mutate(n.id);
                    }}
                  >
                    {n.kind === 'saved_search' && n.savedSearch
                      ? t('activity.notifications.savedSearch', {
                          count: n.savedSearch.count,
                          search: n.savedSearch.name,
                          candidate: n.candidate.name,
                        })
                      : n.kind === 'interview_answer' && n.interview
                        ? t(`activity.notifications.interview_${n.interview.answer}`, {
                            candidate: n.candidate.name,
                          })
                        : n.kind === 'application' && n.jobOffer
                          ? t('activity.notifications.application', {
                              candidate: n.candidate.name,
                              offer: n.jobOffer.name,
                            })
                          : t('activity.notifications.mention', {
                              name: n.actor?.name ?? t('activity.someone'),
                              candidate: n.candidate.name,
                            })}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {relativeTime(n.createdAt, language)}
                  </Text>
                </Stack>
                {!n.readAt && (
                  <Button size="compact-xs" variant="light" onClick={() => markRead.mutate(n.id)}>
                    {t('activity.notifications.markRead')}
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
