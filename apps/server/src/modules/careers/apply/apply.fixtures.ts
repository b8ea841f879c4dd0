import type { TestApp } from '../../../test/harness.ts';

export type Part = string | { filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body as a browser sends a form: its fields in order, a file part as a file. */
export function multipartBody(fields: [string, Part][]) {
  const boundary = '----vivier-apply-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(value.content) ? value.content : Buffer.from(value.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The value of a hidden input of a page (`name="x" value="…"`). */
export const hiddenValue = (body: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(body)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&') ?? '';

export const TEXT_CV = {
  filename: 'cv.txt',
  content: 'Ada Lovelace\nAnalytical engines, Python, mathematics.',
  type: 'text/plain',
};

/** A visitor of the careers site: each has its own client address (the per-address limits are theirs). */
export function visitor(t: TestApp, address: string) {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: address });

  /** The offer's page, then its form sent with `fields` (the page's hidden token and source first). */
  const apply = async (
    offerUrl: string,
    fields: [string, Part][],
    { token, source, query = '' }: { token?: string; source?: string; query?: string } = {},
  ) => {
    const page = await get(offerUrl + query);
    const body = multipartBody([
      ['form_token', token ?? hiddenValue(page.body, 'form_token')],
      ['source', source ?? hiddenValue(page.body, 'source')],
      ...fields,
    ]);
    return t.app.inject({
      method: 'POST',
      url: `${offerUrl}/apply${query.startsWith('?lang') ? query : ''}`,
      remoteAddress: address,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  return { get, apply };
}

/**
 * The form's usual fields for an applicant, in the page's order; `overrides` replaces a field's value (null
 * leaves it out), `extra` adds fields (the offer's questions) before the consent.
 */
export function applicant(
  email: string,
  overrides: Record<string, Part | null> = {},
  extra: [string, Part][] = [],
): [string, Part][] {
  const fields: [string, Part | null][] = [
    ['website', ''],
    ['altcha', ''],
    ['first_name', 'Ada'],
    ['last_name', 'Lovelace'],
    ['email', email],
    ['phone', '+33 6 12 34 56 78'],
    ['cv', TEXT_CV],
    ['cover_letter', ''],
    ...extra,
    ['consent', 'yes'],
  ];
  return fields
    .map(([name, value]): [string, Part | null] => [
      name,
      name in overrides ? (overrides[name] ?? null) : value,
    ])
    .filter((f): f is [string, Part] => f[1] !== null);
}
