import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { READING_LIMITS } from './limits.ts';
import { previewPage } from './preview-html.ts';
import { closeReadingPool, readFileHtml, readFileText, zipBombRefusal } from './read-file-text.ts';
import { docxBomb, docxOf, odtOf, pdfOf } from './test-documents.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT = 'application/vnd.oasis.opendocument.text';

afterAll(closeReadingPool);

describe('readFileText', () => {
  it('reads the words of a two-page PDF', async () => {
    const pdf = await pdfOf([['Ada Lovelace', 'Analytical engine programmer'], ['Kubernetes and Rust']]);
    const result = await readFileText(pdf, 'application/pdf');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toContain('Ada Lovelace');
    expect(result.text).toContain('Kubernetes and Rust');
  });

  it('reads a DOCX, given as a stream', async () => {
    const docx = await docxOf('Grace Hopper', ['COBOL compilers', 'Développeuse à Paris']);
    const result = await readFileText(Readable.from([docx]), DOCX);
    expect(result).toEqual({ ok: true, text: expect.stringContaining('COBOL compilers') });
    expect(result.ok && result.text).toContain('Développeuse à Paris');
    expect(result.ok && result.text).toContain('Grace Hopper');
  });

  it("reads an ODT's paragraphs one a line", async () => {
    const result = await readFileText(await odtOf(['Margaret Hamilton', 'Apollo guidance & software']), ODT);
    expect(result).toEqual({ ok: true, text: 'Margaret Hamilton\nApollo guidance & software' });
  });

  it('takes text as it is, without NUL, capped at the limit', async () => {
    const text = `Linus\u0000 Torvalds\r\n${'x'.repeat(200)}`;
    const result = await readFileText(Buffer.from(text), 'text/plain', {
      ...READING_LIMITS,
      maxTextChars: 50,
    });
    expect(result).toEqual({ ok: true, text: `Linus Torvalds\n${'x'.repeat(35)}` });
  });

  it('refuses a DOCX zip bomb from its central directory, before inflating it', async () => {
    const bomb = await docxBomb(51);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await zipBombRefusal(bomb, DOCX)).toMatchObject({ refusal: 'zip_bomb' });
    const result = await readFileText(bomb, DOCX);
    expect(result).toMatchObject({
      ok: false,
      refusal: 'zip_bomb',
      message: expect.stringContaining('zip bomb'),
    });
  });

  it('lets a document under the bound through', async () => {
    expect(await zipBombRefusal(await docxOf('Small', ['CV']), DOCX)).toBeUndefined();
  });

  it('refuses an input over the size limit unread', async () => {
    const result = await readFileText(Buffer.alloc(2048, 65), 'text/plain', {
      ...READING_LIMITS,
      maxInputBytes: 1024,
    });
    expect(result).toMatchObject({ ok: false, refusal: 'too_large' });
  });

  it('answers a broken PDF as unreadable, not as an exception', async () => {
    const result = await readFileText(Buffer.from('%PDF-1.7\nnot really a PDF'), 'application/pdf');
    expect(result).toMatchObject({ ok: false, refusal: 'unreadable' });
  });

  it('gives up a reading that runs out of time, its thread terminated', async () => {
    // 300 pages cannot be read in 5 ms: the thread is terminated and the next reading gets a new one.
    const pdf = await pdfOf(Array.from({ length: 300 }, (_, i) => [`Page ${i}`]));
    const started = Date.now();
    const result = await readFileText(pdf, 'application/pdf', { ...READING_LIMITS, timeoutMs: 5 });
    expect(result).toMatchObject({ ok: false, refusal: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('readFileHtml', () => {
  it('converts a DOCX to sanitised HTML: its words, no script', async () => {
    const docx = await docxOf('Grace Hopper', [
      '<script>alert(1)</script> Navy',
      'a <img src=x onerror=alert(1)>',
    ]);
    const result = await readFileHtml(docx, DOCX);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toMatch(/^<!doctype html>/);
    expect(result.html).toContain('<h1>Grace Hopper</h1>');
    // The document's own text that looks like markup stays text, escaped.
    expect(result.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Navy');
    expect(result.html).not.toMatch(/<(script|img|a)[\s>]/i);
  });

  it('keeps no script, link, image, style or handler from HTML', () => {
    const page = previewPage(
      '<p style="background:url(https://x.test/a)" onclick="x()">Hi <a href="https://x.test">there</a></p><script>x()</script><img src="https://x.test/p.png"><iframe src="/"></iframe>',
    );
    expect(page).toContain('<p>Hi there</p>');
    expect(page).not.toMatch(/<(script|img|a|iframe)[\s>]|https:|onclick/i);
  });

  it('shows an ODT as escaped paragraphs', async () => {
    const result = await readFileHtml(await odtOf(['Hamilton <b>', 'Apollo']), ODT);
    expect(result.ok && result.html).toContain('<p>Hamilton &lt;b&gt;</p><p>Apollo</p>');
  });
});
