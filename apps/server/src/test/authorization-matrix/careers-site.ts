import type { InjectOptions } from 'fastify';
import { all, next, type Row } from './world.ts';

const BOUNDARY = '----matrix-logo';
/** The 8-byte PNG signature and an IHDR chunk: enough for file-type to read a PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201' +
    '5f0b3f8b0000000049454e44ae426082',
  'hex',
);

/** A multipart/form-data upload of a 1-pixel PNG, as the logo route takes it. */
export const logoUpload = (): Pick<InjectOptions, 'headers' | 'payload'> => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
});

/** Licence-wide, admins only: another licence's user is refused as their own licence's user is. */
const adminsOnly = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 403 });

/**
 * The authorization matrix's rows of the careers site settings (issue 23, decision 189): every user of a
 * licence reads its own site's settings, only its admins change them; there is no other licence's to name.
 */
export const CAREERS_SITE_ROWS: Record<string, Row> = {
  'GET /api/careers_site': { expect: all(200) },
  'PUT /api/careers_site': {
    payload: () => ({
      slug: `matrix-${next()}`,
      intro: 'We hire',
      colour: '#12b886',
      privacy_notice_url: null,
    }),
    expect: adminsOnly(200),
  },
  'PUT /api/careers_site/logo': {
    request: () => ({ method: 'PUT', url: '/api/careers_site/logo', ...logoUpload() }),
    expect: adminsOnly(200),
  },
  'DELETE /api/careers_site/logo': { expect: adminsOnly(204) },
};
