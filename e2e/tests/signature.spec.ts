import { adminApi } from '../support/email-templates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/job-offers.ts';

test.describe('email signature (User settings)', () => {
  test('is written with the editor, saved sanitised, and there again after a reload', async ({
    page,
    cspViolations,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const editor = page.getByRole('textbox', { name: 'Email signature' });
    await expect(editor).toBeVisible();
    const save = page.getByRole('button', { name: 'Save signature' });
    await expect(save).toBeDisabled();

    const line = `Ada Admin ${Date.now().toString(36)}`;
    await editor.click();
    await editor.press('ControlOrMeta+a');
    await editor.pressSequentially(line);
    await editor.press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'Italic' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await save.click();
    await expect(page.getByText('Your signature has been saved')).toBeVisible();
    await expect(save).toBeDisabled();

    expect(await adminApi<{ value: string }>('/users/me/signature')).toEqual({
      value: `<p><em>${line}</em></p>`,
      source: 'stored',
    });
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email signature' })).toHaveText(line);
    expect(cspViolations).toEqual([]);
  });

  test('the buttons below the signature stay where they are while it loads', async ({ page }) => {
    await signIn(page);
    // The signature's answer is held, so its placeholder is on screen for certain, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/me/signature', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Settings' }).click();
    const save = page.getByRole('button', { name: 'Save signature' });
    await expect(save).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email signature' })).toHaveCount(0);
    const before = await save.boundingBox();
    release();
    await expect(page.getByRole('textbox', { name: 'Email signature' })).toBeVisible();
    const after = await save.boundingBox();
    expect(after?.y).toBeCloseTo(before?.y ?? Number.NaN, 0);
    // The writing area fills the box: a click low in it, below the one line, puts the caret in the signature.
    const signature = page.getByRole('textbox', { name: 'Email signature' });
    await signature.click({ position: { x: 20, y: 90 } });
    await expect(signature).toBeFocused();
  });
});
