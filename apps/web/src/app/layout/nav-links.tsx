import { NavLink, Stack } from '@mantine/core';
import {
  type Icon,
  IconBriefcase,
  IconCalendarEvent,
  IconChartBar,
  IconListDetails,
  IconLogout,
  IconSettings,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { useSavedSearches } from '../../shared/resources/saved-searches/saved-searches';
import { useViewer } from '../../shared/resources/users/get-me';

interface MenuEntry {
  to: string;
  label: string;
  icon: Icon;
  /** Exact match, or any path under `to` (SPEC section 2 names the rule of each link). */
  exact: boolean;
}

function MenuLink({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) {
  const active = useMatch({ path: entry.to, end: entry.exact }) !== null;
  const Glyph = entry.icon;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<Glyph size={18} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

// The saved searches under Candidates (issue 28): their list is read with the page, but their component (its
// menu and dialogs) loads in its own chunk only when the viewer has some, so a first page stays under budget.
const SavedSearchesNav = lazy(async () => ({
  default: (await import('./saved-searches-nav')).SavedSearchesNav,
}));

/** The links of the side menu (the navbar around them is the 'Main menu' landmark). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const hasSavedSearches = (useSavedSearches().data?.length ?? 0) > 0;
  const entries: MenuEntry[] = [
    { to: '/jobs', label: t('nav.jobOffers'), icon: IconBriefcase, exact: false },
    { to: '/candidates', label: t('nav.candidates'), icon: IconUserSearch, exact: true },
    // Reports (issue 26): every user of the licence, over the offers they see.
    { to: '/reports', label: t('nav.reports'), icon: IconChartBar, exact: true },
    // The week's interviews (issue 27).
    { to: '/interviews', label: t('nav.interviews'), icon: IconCalendarEvent, exact: true },
    { to: '/users', label: t('nav.users'), icon: IconUsers, exact: false },
    { to: '/settings', label: t('nav.settings'), icon: IconSettings, exact: true },
    // The audit log is the admins' (issue 24): others are not shown a screen they would be refused.
    ...(viewer.role === 'admin'
      ? [{ to: '/audit_log', label: t('nav.auditLog'), icon: IconListDetails, exact: true }]
      : []),
    { to: '/logout', label: t('nav.logout'), icon: IconLogout, exact: true },
  ];
  return (
    <Stack gap={2}>
      {entries.map((entry) => (
        <Fragment key={entry.to}>
          <MenuLink entry={entry} onNavigate={onNavigate} />
          {entry.to === '/candidates' && hasSavedSearches && (
            <Suspense fallback={null}>
              <SavedSearchesNav onNavigate={onNavigate} />
            </Suspense>
          )}
        </Fragment>
      ))}
    </Stack>
  );
}
