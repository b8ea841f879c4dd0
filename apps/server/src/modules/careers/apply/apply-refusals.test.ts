import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateFiles, jobApplications } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { awayFromWindowEnd } from '../../../test/window-edge.ts';
import { careersLicence } from '../careers.fixtures.ts';
import { applicant, multipartBody } from './apply.fixtures.ts';
import { type ApplyWorld, withApplyWorld } from './apply-world.fixtures.ts';

// What the apply form refuses, and its spam protection (issue 23, decision 191); applying itself: apply.test.ts.
let t: TestApp;
let acme: ApplyWorld['acme'];
let offerUrl: string, offerId: number, questionIds: number[];
let newVisitor: ApplyWorld['newVisitor'];
let candidatesWith: ApplyWorld['candidatesWith'];
let answers: ApplyWorld['answers'];
withApplyWorld((w) => {
  ({ t, acme, offerUrl, offerId, questionIds, newVisitor, candidatesWith, answers } = w);
});

describe('what the form refuses', () => {
  const applicationCount = async () =>
    (await t.db.select().from(jobApplications).where(eq(jobApplications.jobOfferId, offerId))).length;
  const storedObjects = async () =>
    (await t.db.select({ key: candidateFiles.storageKey }).from(candidateFiles)).length;

  it('shows each field error beside its field, keeps what was typed, and writes nothing', async () => {
    const before = await applicationCount();
    const files = await storedObjects();
    const res = await newVisitor().apply(
      offerUrl,
      applicant('not-an-email', { phone: 'call me', consent: null, last_name: '   ' }, [
        [`q_${questionIds[2]}`, 'Tomorrow'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your application was not sent: please correct the fields below.');
    expect(res.body).toContain('Enter a valid email address.');
    expect(res.body).toContain('Enter a valid phone number.');
    expect(res.body).toContain('Your consent is needed to send your application.');
    expect(res.body).toContain('Choose one of the answers offered.');
    expect(res.body).toMatch(/id="f-last_name" name="last_name" required aria-invalid="true"/);
    expect(res.body).toContain(`id="f-q_${questionIds[0]}-error">This field is required.`);
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toContain('Please choose your CV file again.');
    expect(await applicationCount()).toBe(before);
    expect(await storedObjects()).toBe(files);
  });

  it('refuses a CV that is not a document, or none, beside the CV field', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const wrong = await newVisitor().apply(
      offerUrl,
      applicant('png@example.org', { cv: { filename: 'cv.pdf', content: png } }, answers()),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The CV must be a PDF, DOCX, ODT or text file.');
    const none = await newVisitor().apply(offerUrl, applicant('nocv@example.org', { cv: null }, answers()));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('id="f-cv-error">This field is required.');
    expect(await candidatesWith('png@example.org')).toEqual([]);
  });

  it('answers a form too large or of another kind with a page, never a 500', async () => {
    const v = newVisitor();
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: `${offerUrl}/apply`,
      remoteAddress: '198.18.0.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=Ada',
    });
    expect(urlencoded.statusCode).toBe(415);
    expect(urlencoded.headers['content-type']).toContain('text/html');
    const many = multipartBody(Array.from({ length: 60 }, (_, i): [string, string] => [`f${i}`, 'x']));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: `${offerUrl}/apply`,
      remoteAddress: '198.18.0.10',
      headers: { 'content-type': many.contentType },
      payload: many.payload,
    });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
    const huge = await v.apply(
      offerUrl,
      applicant(
        'huge@example.org',
        { cv: { filename: 'cv.txt', content: 'a'.repeat(150_000), type: 'text/plain' } },
        answers(),
      ),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.body).toContain('id="f-cv-error">The CV file is too large.');
    expect(await candidatesWith('huge@example.org')).toEqual([]);
    const long = await v.apply(
      offerUrl,
      applicant('long@example.org', { cover_letter: 'x'.repeat(50_000) }, answers()),
    );
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('id="f-cover_letter-error">This answer is too long.');
  });

  it('answers 404 for an offer that is not public, or another licence’s, and writes nothing', async () => {
    const other = await careersLicence(t, 'other-apply');
    await other.offer({ name: 'Theirs', publicSlug: 'theirs' });
    await acme.offer({ name: 'Draft', publicSlug: 'draft', published: false });
    await acme.offer({ name: 'Old', publicSlug: 'old', archived: true });
    for (const url of [
      '/careers/acme-apply/jobs/theirs',
      '/careers/acme-apply/jobs/draft',
      '/careers/acme-apply/jobs/old',
      '/careers/nobody/jobs/backend',
    ]) {
      const res = await newVisitor().apply(url, applicant('ghost@example.org', {}, answers()), {
        token: '1.x',
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    expect(await candidatesWith('ghost@example.org')).toEqual([]);
  });
});

describe('spam protection', () => {
  it('drops a form whose honeypot is filled as if sent, writing nothing', async () => {
    const res = await newVisitor().apply(
      offerUrl,
      applicant('bot@example.org', { website: 'http://spam' }, answers()),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers/acme-apply/jobs/backend/applied');
    expect(await candidatesWith('bot@example.org')).toEqual([]);
  });

  it('asks a proof of work of a form without our token, and takes it once solved, once', async () => {
    const v = newVisitor();
    const challenged = await v.apply(offerUrl, applicant('forged@example.org', {}, answers()), {
      token: '123.forged',
    });
    expect(challenged.statusCode).toBe(400);
    expect(challenged.body).toContain('your browser will solve a short puzzle');
    expect(challenged.body).toContain('<script>(async()=>');
    expect(challenged.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
    const challenge = JSON.parse(
      (/data-challenge="([^"]*)"/.exec(challenged.body)?.[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    // Solved as the page's script does: the number whose SHA-256 with the salt is the challenge.
    let number = 0;
    while (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') !== challenge.challenge)
      number++;
    const proof = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
    const solved = await v.apply(offerUrl, applicant('forged@example.org', { altcha: proof }, answers()), {
      token: '123.forged',
    });
    expect(solved.statusCode, solved.body).toBe(303);
    const replayed = await v.apply(offerUrl, applicant('replay@example.org', { altcha: proof }, answers()), {
      token: '123.forged',
    });
    expect(replayed.statusCode).toBe(400);
    expect(await candidatesWith('replay@example.org')).toEqual([]);
  });

  it('lets an address send a few, then challenges it, then refuses it with 429', {
    timeout: 90_000,
  }, async () => {
    // The guard counts in fixed 10-minute windows (apply-guard.ts).
    await awayFromWindowEnd(600);
    const v = newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await v.apply(offerUrl, applicant(`flood${i}@example.org`, {}, answers()))).statusCode);
    }
    expect(statuses).toEqual([303, 303, 303, 400, 400, 400, 429]);
    const refused = await v.apply(offerUrl, applicant('flood-late@example.org', {}, answers()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toContain('Too many requests');
  });
});
