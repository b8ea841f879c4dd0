import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { careersSites } from '../../db/schema/index.ts';
import { slugOf } from '../../lib/slug.ts';
import { logoUpload } from '../../test/authorization-matrix/careers-site.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { SWEEP_GRACE_MS, sweepOrphanFiles } from '../candidate-files/candidate-files-sweep.job.ts';

// The careers site settings (issue 23, decision 189): GET and PUT /api/careers_site, its logo.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

type Headers = Record<string, string>;
const read = (headers: Headers) => t.app.inject({ url: '/api/careers_site', headers });
const save = (headers: Headers, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/careers_site',
    headers,
    payload: { slug: 'acme', intro: '', colour: '#364fc7', privacy_notice_url: null, ...body },
  });
const upload = (headers: Headers, body: Pick<InjectOptions, 'headers' | 'payload'> = logoUpload()) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/careers_site/logo',
    ...body,
    headers: { ...headers, ...body.headers },
  });
const confirm = (en: Record<string, unknown>) => ({
  confirmation: { en, fr: { subject: '', body: '' } },
});
const siteRow = async (licenceId: number) =>
  (await t.db.select().from(careersSites).where(eq(careersSites.licenceId, licenceId)))[0];
const keys = async () => {
  const found: string[] = [];
  for await (const object of fileStoreFor(t.config).list()) found.push(object.key);
  return found;
};

/** The confirmation mail's texts of a site that kept the built-in ones. */
const noConfirmation = { en: { subject: '', body: '' }, fr: { subject: '', body: '' } };

/** A multipart upload of these bytes under this name. */
const bytesUpload = (name: string, bytes: Buffer): Pick<InjectOptions, 'headers' | 'payload'> => ({
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
  payload: Buffer.concat([
    Buffer.from(`--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from('\r\n--b--\r\n'),
  ]),
});

describe('the careers site settings', () => {
  it("propose the licence's name as the slug until saved, avoiding another licence's", async () => {
    const base = slugOf(org.licence.name, 'careers');
    expect((await save(other.admin.headers, { slug: base })).statusCode).toBe(200);
    const proposed = (await read(org.alice.headers)).json();
    expect(proposed).toEqual({
      saved: false,
      slug: `${base}-2`,
      intro: '',
      colour: '#364fc7',
      privacy_notice_url: null,
      has_logo: false,
      public_path: `/careers/${base}-2`,
      confirmation: noConfirmation,
    });
  });

  it('are saved by an admin and read by everyone; a slug another licence has is a 409 that says so', async () => {
    const taken = (await read(other.alice.headers)).json().slug;
    const clash = await save(org.admin.headers, { slug: taken });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      error: 'conflict',
      message: 'This careers site address is taken by another organisation',
    });
    expect(await siteRow(org.licence.id)).toBeUndefined();
    const res = await save(org.admin.headers, {
      slug: ' Our-Team ',
      intro: 'We make things.\nJoin us.',
      colour: '#12B886',
      privacy_notice_url: 'https://example.com/privacy',
    });
    expect(res.statusCode).toBe(200);
    const site = {
      saved: true,
      slug: 'our-team',
      intro: 'We make things.\nJoin us.',
      colour: '#12b886',
      privacy_notice_url: 'https://example.com/privacy',
      has_logo: false,
      public_path: '/careers/our-team',
      confirmation: noConfirmation,
    };
    expect(res.json()).toEqual(site);
    expect((await read(org.bob.headers)).json()).toEqual(site);
    // Saving its own slug again is no clash.
    expect((await save(org.admin.headers, { slug: 'our-team' })).statusCode).toBe(200);
  });

  it("keep the confirmation mail's texts per language, an empty one stored as null (the built-in text)", async () => {
    const confirmation = {
      en: { subject: '  Thanks, {first_name}  ', body: 'Dear {first_name},\n\nWe read every application.\n' },
      fr: { subject: '', body: '' },
    };
    const res = await save(org.admin.headers, { slug: 'confirming', confirmation });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      en: { subject: 'Thanks, {first_name}', body: 'Dear {first_name},\n\nWe read every application.' },
      fr: { subject: '', body: '' },
    };
    expect(res.json().confirmation).toEqual(saved);
    expect((await read(org.bob.headers)).json().confirmation).toEqual(saved);
    expect(await siteRow(org.licence.id)).toMatchObject({
      confirmationSubjectEn: 'Thanks, {first_name}',
      confirmationBodyEn: 'Dear {first_name},\n\nWe read every application.',
      confirmationSubjectFr: null,
      confirmationBodyFr: null,
    });
    // A save that sends no texts leaves them as they are; one that empties them goes back to the built-in text.
    expect((await save(org.admin.headers, { slug: 'confirming', intro: 'Hi' })).json().confirmation).toEqual(
      saved,
    );
    const emptied = await save(org.admin.headers, { slug: 'confirming', confirmation: noConfirmation });
    expect(emptied.json().confirmation).toEqual(noConfirmation);
    expect(await siteRow(org.licence.id)).toMatchObject({
      confirmationSubjectEn: null,
      confirmationBodyEn: null,
    });
  });

  it('refuse bad input with 400 and a non-admin with 403, writing nothing', async () => {
    const before = await siteRow(org.licence.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ slug: '-acme' }, 'lower-case letters, digits or hyphens'],
      [{ slug: 'a'.repeat(65) }, 'lower-case letters, digits or hyphens'],
      [{ slug: 'café' }, 'lower-case letters, digits or hyphens'],
      [{ colour: 'red' }, '#rrggbb'],
      [{ privacy_notice_url: 'http://example.com/privacy' }, 'https://'],
      [{ privacy_notice_url: 'javascript:alert(1)' }, 'https://'],
      [{ intro: 'x'.repeat(5001) }, 'at most 5000 characters'],
      [confirm({ subject: 'x'.repeat(201), body: '' }), 'confirmation.en.subject must be at most 200'],
      [confirm({ subject: 'Two\nlines', body: '' }), 'confirmation.en.subject must be one line'],
      [confirm({ subject: '', body: 'x'.repeat(10_001) }), 'confirmation.en.body must be at most 10000'],
      [{ confirmation: { en: { subject: '', body: '' } } }, 'confirmation.fr'],
      [confirm({ subject: '', body: '', extra: 1 }), 'confirmation.en'],
    ];
    for (const [body, message] of bad) {
      const res = await save(org.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const byUser = await save(org.alice.headers, { slug: 'alice-site' });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe('Only an admin can change the careers site');
    expect(await siteRow(org.licence.id)).toEqual(before);
  });

  it('take a PNG logo, replace it (the old object deleted), keep it from the sweep, and remove it', async () => {
    const first = await upload(org.admin.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().has_logo).toBe(true);
    const firstKey = (await siteRow(org.licence.id))?.logoKey;
    expect(await keys()).toContain(firstKey);
    expect((await siteRow(org.licence.id))?.logoMediaType).toBe('image/png');

    expect((await upload(org.admin.headers)).statusCode).toBe(200);
    const secondKey = (await siteRow(org.licence.id))?.logoKey;
    expect(secondKey).not.toBe(firstKey);
    expect(await keys()).not.toContain(firstKey);

    const later = new Date(Date.now() + 2 * SWEEP_GRACE_MS);
    await sweepOrphanFiles(t.db, fileStoreFor(t.config), later);
    expect(await keys()).toContain(secondKey);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/careers_site/logo',
      headers: org.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(org.alice.headers)).json().has_logo).toBe(false);
    expect(await keys()).not.toContain(secondKey);
  });

  it('refuse a logo that is not PNG or JPEG by its bytes (415), over 1 MB (413), or from a non-admin (403)', async () => {
    const before = await keys();
    const svg = bytesUpload('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    const notImage = await upload(org.admin.headers, svg);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe('The logo must be a PNG or JPEG image');
    const gif = await upload(
      org.admin.headers,
      bytesUpload('logo.gif', Buffer.from('GIF89a\x01\x00\x01\x00')),
    );
    expect(gif.statusCode).toBe(415);
    const png = logoUpload().payload as Buffer;
    const big = await upload(
      org.admin.headers,
      bytesUpload('big.png', Buffer.concat([png, Buffer.alloc(1024 * 1024)])),
    );
    expect(big.statusCode).toBe(413);
    expect((await upload(org.alice.headers)).statusCode).toBe(403);
    expect((await keys()).sort()).toEqual(before.sort());
    expect((await read(org.admin.headers)).json().has_logo).toBe(false);
  });
});
