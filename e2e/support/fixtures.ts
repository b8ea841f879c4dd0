import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, e2eEnv } from './e2e-env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const run = promisify(execFile);

/** Playwright Test with the running server as base URL and a record of CSP violations of each page. */
export const test = base.extend<{ cspViolations: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(e2eEnv().baseURL),
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await use(violations);
  },
});

export { expect };

/** Signs in through the login screen as a person would, and waits for the layout. */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Job offers' })).toBeVisible();
}

/** Runs an operator command against the test server's data directory (`npm run cli -- <command>`). */
export async function runCli(...args: string[]): Promise<string> {
  const { stdout } = await run(NODE, ['apps/server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, VIVIER_DATA_DIR: e2eEnv().dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}

/** Undoes quoted-printable soft breaks and escapes, as mail bodies are often encoded. */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The messages the SMTP test server received (kept as `<data dir>/outbox/*.eml`, global-setup.ts), newest last. */
export function outbox(): { file: string; text: string }[] {
  const dir = path.join(e2eEnv().dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || a.localeCompare(b))
    .map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(file, 'utf8')) }));
}

/** Waits for a new recovery mail to `email` and returns the path of its reset link. */
export async function resetLinkFor(email: string, knownFiles: Set<string>): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outbox().find(
          (message) => !knownFiles.has(message.file) && message.text.includes(email),
        );
        link = mail?.text.match(/\/reset_password\/[A-Za-z0-9_\-.~%]+/)?.[0];
        return link;
      },
      { message: `a recovery mail to ${email} in the outbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  if (!link) throw new Error('unreachable');
  return link;
}

/** Sets a user's password through the recovery API and the outbox, without a browser (test clean-up). */
export async function resetPasswordThroughApi(email: string, password: string): Promise<void> {
  const { baseURL } = e2eEnv();
  const known = new Set(outbox().map((mail) => mail.file));
  const forgot = await fetch(`${baseURL}/api/password/forgot/${encodeURIComponent(email)}`);
  expect(forgot.status).toBe(200);
  const link = await resetLinkFor(email, known);
  const token = link.split('/').pop() ?? '';
  const reset = await fetch(`${baseURL}/api/password/${token}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  expect(reset.status).toBe(200);
}
