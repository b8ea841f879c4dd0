import { readFile } from 'node:fs/promises';
import { asAdmin } from '../support/admin-api.ts';
import { createOfferThroughApi, importCandidates } from '../support/candidates.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';

/**
 * The smallest whole PDF: a catalogue, a page tree and one empty page, with a cross-reference table whose
 * offsets are counted here, so the server's type check (`file-type`, decision 184) reads it as a PDF.
 */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Text to match as itself inside a regular expression. */
const asPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Files on a candidate (issue 22, decision 184): add, list, mark the CV, download, refuse, delete. */
test.describe('candidate files', () => {
  test('adds a PDF and a text file, marks the CV, downloads it, refuses HTML named .pdf, deletes a file', async ({
    page,
  }) => {
    test.slow();
    const tag = unique('').trim().replace(/\W+/g, '').toLowerCase();
    const last = `Files${tag}`;
    const pdfName = `ada-cv-${tag}.pdf`;
    const textName = `interview-notes-${tag}.txt`;
    const pdf = minimalPdf();
    const text = Buffer.from(`Called on Monday; keen on the role (${tag}).\n`);
    expect(pdf.length).toBeLessThan(1000);
    expect(text.length).not.toBe(pdf.length);

    // An offer with the candidate at its first status.
    const offerId = await createOfferThroughApi(unique('Files offer'));
    await importCandidates([['Ada', last, `ada${tag}@example.com`, '']]);
    const search = await asAdmin('GET', `/candidates/search?filters[search]=${last}`);
    const candidateId = ((await search.json()) as { data: { id: number }[] }).data[0]?.id;
    expect(candidateId).toBeTruthy();
    const statuses = (await (await asAdmin('GET', '/statuses')).json()) as { data: { id: number }[] };
    const first = statuses.data[0];
    if (!first) throw new Error('no pipeline');
    const applied = await asAdmin('POST', '/job_applications/bulk_create', {
      job_offer_id: offerId,
      status_id: first.id,
      candidates_ids: [candidateId],
    });
    expect(applied.status).toBe(201);
    // Who the list names: the admin's first and last name, else the email (as the activity names users).
    const me = (await (await asAdmin('GET', '/users/me')).json()) as {
      first_name: string;
      last_name: string;
      email: string;
    };
    const who = `${me.first_name} ${me.last_name}`.trim() || me.email;

    try {
      await signIn(page);
      await page.goto(`/jobs/${offerId}?candidate=${candidateId}`);
      const panel = page.getByRole('region', { name: 'Candidate details' });
      const files = panel.getByRole('region', { name: 'Files' });
      await expect(files.getByRole('heading', { name: 'Files' })).toBeVisible();
      await expect(files.getByText('No file yet')).toBeVisible();
      await expect(files.getByText('Drop a CV or a document here, or click to choose one')).toBeVisible();

      // Both files dropped at once: one upload each, both listed with name, size and who.
      const dropInput = files.locator('input[type="file"]');
      await dropInput.setInputFiles([
        { name: pdfName, mimeType: 'application/pdf', buffer: pdf },
        { name: textName, mimeType: 'text/plain', buffer: text },
      ]);
      const pdfLink = files.getByRole('button', { name: `Download ${pdfName}`, exact: true });
      const textLink = files.getByRole('button', { name: `Download ${textName}`, exact: true });
      await expect(pdfLink).toHaveText(pdfName);
      await expect(textLink).toHaveText(textName);
      await expect(files.getByText(new RegExp(`^${pdf.length} bytes · ${asPattern(who)} · `))).toBeVisible();
      await expect(files.getByText(new RegExp(`^${text.length} bytes · ${asPattern(who)} · `))).toBeVisible();
      await expect(files.getByText('No file yet')).toHaveCount(0);
      await expect(files.getByText('CV', { exact: true })).toHaveCount(0);

      // The PDF marked as the CV: the badge shows, and only the text file is still offered the mark.
      await files.getByRole('button', { name: `Mark as CV: ${pdfName}`, exact: true }).click();
      await expect(files.getByText('CV', { exact: true })).toBeVisible();
      await expect(files.getByRole('button', { name: `Mark as CV: ${pdfName}`, exact: true })).toHaveCount(0);
      await expect(files.getByRole('button', { name: `Mark as CV: ${textName}`, exact: true })).toBeVisible();

      // The download is the PDF under its name, byte for byte.
      const downloading = page.waitForEvent('download');
      await pdfLink.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(pdfName);
      expect((await readFile(await download.path())).equals(pdf)).toBe(true);

      // An HTML page named cv.pdf is refused by its bytes, in the app's words, and not listed.
      await dropInput.setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n'),
      });
      await expect(
        page.getByText('The file could not be added: this file is not a PDF, DOCX, ODT or text file'),
      ).toBeVisible();
      await expect(files.getByRole('button', { name: 'Download cv.pdf', exact: true })).toHaveCount(0);

      // The text file deleted after confirming; the CV stays.
      await files.getByRole('button', { name: `Delete ${textName}`, exact: true }).click();
      await expect(page.getByText('Delete this file?')).toBeVisible();
      await page.getByRole('button', { name: 'Ok', exact: true }).click();
      await expect(textLink).toHaveCount(0);
      await expect(pdfLink).toBeVisible();
      await expect(files.getByText('CV', { exact: true })).toBeVisible();

      // In French: the section's title, its buttons and the size in the user's words.
      await page.getByLabel('Language').selectOption('fr');
      const fichiers = page.getByRole('region', { name: 'Fichiers' });
      await expect(fichiers.getByRole('heading', { name: 'Fichiers' })).toBeVisible();
      await expect(
        fichiers.getByRole('button', { name: `Télécharger ${pdfName}`, exact: true }),
      ).toBeVisible();
      await expect(fichiers.getByRole('button', { name: `Supprimer ${pdfName}`, exact: true })).toBeVisible();
      await expect(fichiers.getByText(new RegExp(`^${pdf.length}\\s+octets · `))).toBeVisible();
    } finally {
      await asAdmin('DELETE', `/job_offers/${offerId}`);
    }
  });
});
