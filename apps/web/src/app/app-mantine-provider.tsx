import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../shared/nonce';
import { buildTheme, cssVariablesResolver } from './theme';

/** Mantine with the app theme and the CSP nonce on every style tag it writes (DESIGN section 2). */
export function AppMantineProvider({
  children,
  overlay = false,
}: {
  children: ReactNode;
  overlay?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's labels follow the language.
  const theme = useMemo(() => buildTheme(t('common.close')), [t, i18n.resolvedLanguage]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      getStyleNonce={() => cspNonce() ?? ''}
      // The overlay root shares the page with the main root, which already wrote the theme's variables.
      withCssVariables={!overlay}
      withGlobalClasses={!overlay}
    >
      {children}
    </MantineProvider>
  );
}
