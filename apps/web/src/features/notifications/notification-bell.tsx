import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../../shared/resources/activity/notifications';

const NotificationList = lazy(() =>
  import('./notification-list').then((m) => ({ default: m.NotificationList })),
);

/**
 * The bell of the layout (issue 21): the unread count, and, when opened, the list of the newest notifications
 * (notification-list.tsx, loaded then), asked for again at each opening.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    // The popover's target is the button itself: on the indicator's <div>, aria-expanded is not allowed (axe).
    <Indicator label={unread} size={16} disabled={unread === 0} offset={4}>
      {/* Opening the bell asks for the newest: the count polls once a minute, and someone who opens it to see
          what just happened should not be shown the list of a minute ago. */}
      <Popover
        position="bottom-start"
        width={340}
        shadow="md"
        withinPortal
        onOpen={() => void notifications.refetch()}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={
              unread > 0
                ? t('activity.notifications.bellUnread', { count: unread })
                : t('activity.notifications.bell')
            }
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Suspense
            fallback={
              <Center>
                <Loader size="sm" aria-label={t('common.loading')} />
              </Center>
            }
          >
            <NotificationList />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
