import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { asAdmin } from './admin-api.ts';
import { card } from './job-offers.ts';

/** Calls the API as the e2e admin (a fresh sign-in each time: the suite's access tokens live 5 s). */
export async function adminApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await asAdmin(init.method ?? 'GET', path, init.body);
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

export type OfferSummary = {
  id: number;
  name: string;
  candidates_count: number;
  email_template_id: number | null;
  summary: { statuses: { id: number; name: string; index: number; candidates_count: number }[] };
};

/** The candidates per status of an offer, by status name. */
export async function countsByStatus(jobOfferId: number): Promise<Record<string, number>> {
  const offer = await adminApi<OfferSummary>(`/job_offers/${jobOfferId}`);
  return Object.fromEntries(offer.summary.statuses.map((s) => [s.name, s.candidates_count]));
}

/** Opens the email template modal of an offer from the index's more-actions menu. */
export async function openTemplateModal(page: Page, offerName: string) {
  await card(page, offerName)
    .getByRole('button', { name: `More actions for ${offerName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit email template' }).click();
  const modal = page.getByRole('dialog', { name: `Email template of ${offerName}` });
  await expect(modal).toBeVisible();
  return modal;
}

/** RFC 2047 words of a header (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), decoded. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** An outbox message read as a person would: decoded subject and recipient, and its whole text decoded. */
export function readMessage(file: string) {
  const raw = readFileSync(file, 'utf8');
  const headers = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const header = (name: string) =>
    decodeWords(headers.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '');
  return { raw, subject: header('Subject'), to: header('To'), body: decodeQuotedPrintable(raw) };
}

/**
 * Axe's serious and critical violations of the page, the email preview frame left out: it shows a candidate's
 * message, not the app, and is sandboxed so nothing (axe included) runs inside it.
 */
export async function violationsAroundPreview(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
