import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Logo } from '../../shared/widgets/logo/logo';
import { CommandPaletteLauncher } from '../command-palette/command-palette-launcher';
import { EmailDialogs } from '../email-dialogs';
import { ScreenLoader } from './screen-loader';
import { SideMenu } from './side-menu';

/** The protected main layout every screen lives in (SPEC section 2). */
export function MainLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      // The header only holds the menu button on small screens.
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.openMenu')} />
          <Logo withName size={28} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('nav.mainMenu')}>
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
        <EmailDialogs />
        <CommandPaletteLauncher />
      </AppShell.Main>
    </AppShell>
  );
}
