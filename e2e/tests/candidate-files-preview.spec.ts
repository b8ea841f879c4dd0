import { docxOf, pdfOf } from '../../apps/server/src/modules/candidate-files/reading/test-documents.ts';
import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/**
 * Reading and previewing files (issue 22, decision 186): a real PDF and a real DOCX are read after their upload
 * ('Reading the text…' goes), and each opens in a preview: the DOCX as the server's sanitised HTML in a
 * sandboxed frame, the PDF in the browser's viewer from the file's own bytes.
 */
test.describe('candidate files preview', () => {
  test('uploads a PDF and a DOCX, reads them, and previews each', async ({ page, cspViolations }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Preview${tag}`;
    const pdfName = `grace-cv-${tag}.pdf`;
    const docxName = `grace-cv-${tag}.docx`;
    const pdf = await pdfOf([['Grace Hopper', `Compilers ${tag}`], ['Second page']]);
    const docx = await docxOf('Grace Hopper', [
      `Rear admiral and compiler pioneer ${tag}`,
      '<b>not bold</b>',
    ]);

    const offerId = await createOfferThroughApi(unique('Preview offer'));
    await importCandidates([['Grace', last, `grace${tag}@example.com`, '']]);
    const search = await asAdmin('GET', `/candidates/search?filters[search]=${last}`);
    const candidateId = ((await search.json()) as { data: { id: number }[] }).data[0]?.id;
    expect(candidateId).toBeTruthy();
    const statuses = (await (await asAdmin('GET', '/statuses')).json()) as { data: { id: number }[] };
    const applied = await asAdmin('POST', '/job_applications/bulk_create', {
      job_offer_id: offerId,
      status_id: statuses.data[0]?.id,
      candidates_ids: [candidateId],
    });
    expect(applied.status).toBe(201);

    try {
      await signIn(page);
      await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
      const panel = page.getByRole('region', { name: 'Candidate details' });
      // The first load of the offer screen and its panel: on a loaded 2-core CI machine (two workers' servers and
      // browsers) it once took longer than the default 10 s, so this first wait has its own bound.
      await expect(panel.getByRole('heading', { name: `Grace ${last}` })).toBeVisible({ timeout: 30_000 });
      const files = panel.getByRole('region', { name: 'Files' });
      await expect(files.getByText('No file yet')).toBeVisible({ timeout: 20_000 });
      await files.locator('input[type="file"]').setInputFiles([
        { name: pdfName, mimeType: 'application/pdf', buffer: pdf },
        { name: docxName, mimeType: 'application/octet-stream', buffer: docx },
      ]);
      await expect(files.getByRole('button', { name: `Download ${pdfName}`, exact: true })).toBeVisible();
      await expect(files.getByRole('button', { name: `Download ${docxName}`, exact: true })).toBeVisible();
      // Read on the server's reading threads: the list is asked again until neither is pending.
      await expect(files.getByText('Reading the text…')).toHaveCount(0, { timeout: 20_000 });
      await expect(files.getByText('Could not read the text')).toHaveCount(0);

      // The DOCX: the server's HTML in a sandboxed frame, the document's words in it, its markup as text.
      await files.getByRole('button', { name: `Preview ${docxName}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Preview ${docxName}` });
      const docxFrame = dialog.locator('iframe');
      await expect(docxFrame).toHaveAttribute('sandbox', '');
      const html = page.frameLocator(`iframe[title="Preview ${docxName}"]`);
      await expect(html.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
      await expect(html.getByText(`Rear admiral and compiler pioneer ${tag}`)).toBeVisible();
      await expect(html.getByText('<b>not bold</b>')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // The PDF: its own bytes fetched with the session, framed from a blob without sandbox (Chromium's viewer
      // does not run in a sandboxed frame).
      const previewed = page.waitForResponse((res) => /\/files\/\d+\/preview$/.test(res.url()));
      await files.getByRole('button', { name: `Preview ${pdfName}`, exact: true }).click();
      const answer = await previewed;
      expect(answer.headers()['content-type']).toBe('application/pdf');
      expect(answer.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
      // The bytes served at that address are the PDF's own (read through the API: Chromium's viewer takes the
      // page's response, whose body the browser then no longer gives out).
      const served = await asAdmin('GET', new URL(answer.url()).pathname.replace(/^\/api/, ''));
      expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
      const pdfFrame = page.getByRole('dialog', { name: `Preview ${pdfName}` }).locator('iframe');
      await expect(pdfFrame).toHaveAttribute('src', /^blob:/);
      expect(await pdfFrame.getAttribute('sandbox')).toBeNull();
      // Chromium's PDF viewer took the frame (its extension's page is a frame of the page).
      await expect
        .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')))
        .toBe(true);
      // The PDF's words are what the server read from it: the file is in the text search (migration 0014).
      const read = await asAdmin('GET', `/candidates/${candidateId}/files`);
      const listed = ((await read.json()) as { data: { name: string; text_state: string }[] }).data;
      expect(listed.map((f) => [f.name, f.text_state]).sort()).toEqual([
        [docxName, 'done'],
        [pdfName, 'done'],
      ]);

      // In French: the action and the reading states' words.
      await page.keyboard.press('Escape');
      await page.getByLabel('Language').selectOption('fr');
      const fichiers = page.getByRole('region', { name: 'Fichiers' });
      await expect(fichiers.getByRole('button', { name: `Aperçu de ${pdfName}`, exact: true })).toBeVisible();
      expect(cspViolations).toEqual([]);
    } finally {
      await asAdmin('DELETE', `/job_offers/${offerId}`);
    }
  });
});
