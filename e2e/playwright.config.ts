import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The browser of the flows: Debian's Chromium (its PDF viewer shows a CV's preview). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The performance budgets are read on Chromium's headless shell, the same Blink and V8 without the browser's
 * windows: Chromium 156 renders its omnibox popup's WebUI in the background of every new window, a second of CPU
 * that took one of the machine's two cores from the page being measured (decision 212). Playwright's own
 * headless runs use the shell too. Without it installed, the budgets are read on Chromium.
 */
const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);

/**
 * Browser tests: Debian's Chromium drives the built web app served by the real server on a fresh embedded
 * database (global-setup.ts starts it). `npx playwright install` cannot download here, and need not.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  // Each worker has a server of its own (global-setup.ts): its specs run one after another, as they share that
  // server's admin and maintenance switch, and the workers run side by side (issue 19 item 11).
  workers: Number(process.env.VIVIER_E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A test's whole run: 90 s (with the 20 s waits below, 60 s ran out at the CI machine's load).
  timeout: 90_000,
  // What a person waits for, bounded: 20 s. Two workers' servers and browsers on the 2-core CI machine hold the
  // load average near 12, where a first load of the offer screen with its panel took over 10 s (stops 37 and
  // 38's only failures, each time a different spec at that same step). Speed is judged by the performance
  // project and `npm run bench`, run alone, not by these waits.
  expect: { timeout: 20_000 },
  // The performance budgets are read on a machine the other browser tests leave alone: with the second
  // worker's flows beside it, a cold load measured 3.2 s of LCP where it takes 0.8 s alone (2 cores). So the
  // performance spec runs after every other spec has finished (`--no-deps` runs it by itself).
  projects: [
    { name: 'flows', testIgnore: /web-performance\.spec\.ts$/ },
    {
      name: 'performance',
      testMatch: /web-performance\.spec\.ts$/,
      dependencies: ['flows'],
      use: { launchOptions: { executablePath: HEADLESS_SHELL, args: LAUNCH_ARGS } },
    },
  ],
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: LAUNCH_ARGS },
  },
});
