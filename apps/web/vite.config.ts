import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsReport } from './initial-js.ts';

const mantine = (names: string[]) => `/@mantine/core/esm/components/(${names.join('|')})/`;

/**
 * Mantine components that the sign-in screen does not show, in groups that each first page loads only if it
 * shows them (decisions 122 and 217): the cards' pieces both index pages show (badges, checkboxes, popovers:
 * `widgets`), the job offers index's menus and segmented filter (`menus`), the selects and tag pills of the
 * candidate database's filters (`pickers`), and the dialogs, multi-selects, tables and text areas other screens
 * and forms open (`dialogs`; shared by three screens, Table would otherwise join `ui` and bring its ScrollArea
 * onto the sign-in screen, and Textarea did once the export screen shared the rejection prompt: 1.1 kB gzip on
 * every first page). The combobox's chevron and parsing stay in `ui`: the layout's language picker needs them.
 */
const INDEX_WIDGETS = new RegExp(
  mantine(['Badge', 'Checkbox', 'FocusTrap', 'Overlay', 'Popover', 'ScrollArea']),
);
const INDEX_MENUS = new RegExp(mantine(['Avatar', 'FloatingIndicator', 'Menu', 'Radio', 'SegmentedControl']));
/**
 * The job offer resource's keys and embed (`shared/resources/job-offers/`, decision 161), the write helpers, the
 * status count tiles and the paginator's step back (decision 165): the index reads them, and so do the screens
 * that open an offer; alone each would be one more tiny chunk on the first page.
 */
const INDEX_RESOURCES =
  /\/src\/shared\/(resources\/job-offers\/job-offer(-keys)?\.ts|widgets\/paginator\/use-step-back\.ts)$/;
/**
 * Small shared modules that several screens but not the first page read (a resource's keys and reads, the
 * confirm dialog): one chunk rather than one each, since each chunk also adds a line to the entry's preload map.
 * The users' keys are not among them: the side menu reads the viewer (its role shows the Audit log), and the
 * entry importing this chunk would load its pickers and widgets on the sign-in screen (25 kB gzip).
 */
const SHARED_SMALL =
  /\/src\/shared\/resources\/(candidates\/candidate|job-offers\/(get|search)-job-offers?)\.tsx?$/;
/** The confirm dialog and its hook go with Mantine's Modal: the candidate database reads the keys beside them. */
const CONFIRM = /\/src\/shared\/(hooks\/use-confirm-action|widgets\/confirm-modal\/confirm-modal)\.tsx?$/;
const PICKERS = new RegExp(
  `${mantine(['Select', 'Pill', 'PillsInput', 'SimpleGrid'])}|/@mantine/core/esm/components/Combobox/(?!ComboboxChevron/|get-parsed-combobox-data/|Combobox\\.module|use-pills-reorder/)`,
);
const DIALOGS = new RegExp(
  `${mantine(['ColorSwatch', 'Modal', 'ModalBase', 'MultiSelect', 'Table', 'Textarea'])}|/@mantine/core/esm/components/Combobox/use-pills-reorder/`,
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
              test: (id) =>
                id.includes('/node_modules/') &&
                ![INDEX_WIDGETS, INDEX_MENUS, PICKERS, DIALOGS].some((group) => group.test(id)),
              minShareCount: 3,
              priority: 3,
              // What `ui`'s own modules build on at load comes along, wherever its name would put it: left in
              // the entry (Mantine's inputs, once the notification bell became a chunk of its own), `ui` and the
              // entry imported each other and the page loaded blank. initial-js.ts fails such a build.
              includeDependenciesRecursively: true,
            },
            {
              name: 'widgets',
              test: (id) => INDEX_WIDGETS.test(id) || INDEX_RESOURCES.test(id),
              minShareCount: 2,
              priority: 2,
            },
            { name: 'menus', test: (id) => INDEX_MENUS.test(id), minShareCount: 2, priority: 2 },
            { name: 'pickers', test: (id) => PICKERS.test(id), minShareCount: 2, priority: 1 },
            {
              name: 'dialogs',
              test: (id) => DIALOGS.test(id) || CONFIRM.test(id),
              minShareCount: 2,
              priority: 1,
            },
            { name: 'resources', test: (id) => SHARED_SMALL.test(id), minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
});
