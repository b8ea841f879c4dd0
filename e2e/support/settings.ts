import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Opens a section of the Settings screen (an accordion) by its name, as a person clicks its header. A section
 * above may still be loading when the screen appears (the email signature's placeholder is taller than its
 * editor), and a click aimed before the layout settles can land beside the header: CI saw "Careers site" stay
 * closed after a click 55 px below it. So the header is clicked again until its section is open, never once it is.
 */
export async function openSettingsSection(page: Page, name: string) {
  const control = page.getByRole('button', { name, exact: true });
  await expect(control).toBeVisible();
  await expect(async () => {
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    await expect(control).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
