import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';

/**
 * The theme. `primaryShade: 8` keeps white-on-primary text above the contrast ratio axe asks for (shade 6 fails,
 * DESIGN section 2); close buttons get an accessible name in the current language.
 *
 * A combobox (every Select, MultiSelect, TagsInput, Autocomplete) mounts its dropdown only while it is open.
 * Mantine keeps it mounted and hidden by default, so each select also renders its options and measures where
 * its dropdown would float whenever it mounts: ten rows of the job offer screen, each with its status switcher,
 * cost the `j` walk 10 to 20 ms of main thread per page for lists nobody had opened (decision 212).
 *
 * A loader is a `status`: Mantine renders a bare span, on which the name our loaders carry ('Loading') is an
 * ARIA attribute axe forbids (aria-prohibited-attr), and no screen reader would say it.
 */
export function buildTheme(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: 8,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    components: {
      CloseButton: { defaultProps: closeButtonProps },
      Combobox: { defaultProps: { keepMounted: false } },
      Loader: { defaultProps: { role: 'status' } },
      Notification: { defaultProps: { closeButtonProps } },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  });
}

/**
 * Mantine's "dimmed" text (input descriptions among others) is gray 6, under the contrast ratio axe asks for on
 * white; gray 7 passes (DESIGN section 6, "Accessible").
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057' },
  dark: {},
});
