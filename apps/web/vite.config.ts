import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsReport } from './initial-js.ts';

const mantine = (names: string[]) => `/@mantine/core/esm/components/(${names.join('|')})/`;

/**
 * Mantine components that the sign-in screen does not show, in two groups: those of the job offers index (the
 * first page after sign-in: its menus, badges and filters), and the pickers and dialogs that other screens
 * and forms open. The combobox's chevron and parsing stay in `ui`: the layout's language picker needs them.
 */
const INDEX_WIDGETS = new RegExp(
  mantine([
    'Avatar',
    'Badge',
    'Checkbox',
    'FloatingIndicator',
    'FocusTrap',
    'Menu',
    'Overlay',
    'Popover',
    'Radio',
    'ScrollArea',
    'SegmentedControl',
  ]),
);
const PICKERS = new RegExp(
  `${mantine(['ColorSwatch', 'Modal', 'ModalBase', 'MultiSelect', 'Select', 'SimpleGrid'])}|/@mantine/core/esm/components/Combobox/(?!ComboboxChevron/|get-parsed-combobox-data/|Combobox\\.module)`,
);

// `npm run dev` proxies the API to a server started on port 3000 (scripts/dev.mjs).
export default defineConfig({
  plugins: [react(), initialJsReport()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Library code that three or more screens share goes in one chunk (`ui`): left to itself the bundler
        // cuts it into many small chunks, each compressed apart, and the first page's JavaScript grows past
        // the 250 kB budget (DESIGN section 6) without any new code on it. The widgets the sign-in screen
        // never shows go in a second chunk (`widgets`) that only the screens using them load; a module goes
        // where its own name puts it, not where a module depending on it went (decisions 084 and 122).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'ui',
              test: (id) => id.includes('/node_modules/') && !INDEX_WIDGETS.test(id) && !PICKERS.test(id),
              minShareCount: 3,
              priority: 3,
            },
            { name: 'widgets', test: (id) => INDEX_WIDGETS.test(id), minShareCount: 2, priority: 2 },
            { name: 'pickers', test: (id) => PICKERS.test(id), minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
