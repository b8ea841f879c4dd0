import type { InjectOptions } from 'fastify';
import { adminOnRecord, fresh, org, type Row, readOnRecord, t } from './world.ts';

const BOUNDARY = '----matrix-boundary';

/** A multipart/form-data upload of a small text file, as the upload route takes it. */
export const textUpload = (): Pick<InjectOptions, 'headers' | 'payload'> => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nA CV\r\n--${BOUNDARY}--\r\n`,
  ),
});

/** A fresh candidate with a file the admin added: the URL of that file. */
async function freshFileUrl() {
  const candidateId = await fresh.candidate();
  const upload = textUpload();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/files`,
    ...upload,
    headers: { ...org.admin.headers, ...upload.headers },
  });
  return `/api/candidates/${candidateId}/files/${res.json().id}`;
}

/**
 * The authorization matrix's rows of candidates' files (issue 22, decision 184): everyone of the licence lists,
 * downloads, previews, adds and marks the CV, the read-only level too (a candidate's record is everyone's to edit); a file
 * is deleted by its uploader (here the admin) or an admin.
 */
export const CANDIDATE_FILE_ROWS: Record<string, Row> = {
  'GET /api/candidates/:id|:candidateId/files': { params: { id: fresh.candidate }, expect: readOnRecord },
  'POST /api/candidates/:id|:candidateId/files': {
    request: async () => ({
      method: 'POST',
      url: `/api/candidates/${await fresh.candidate()}/files`,
      ...textUpload(),
    }),
    expect: { user: 201, reader: 201, admin: 201, stranger: 404 },
  },
  'GET /api/candidates/:id|:candidateId/files/:fileId': {
    request: async () => ({ url: await freshFileUrl() }),
    expect: readOnRecord,
  },
  'GET /api/candidates/:id|:candidateId/files/:fileId/preview': {
    request: async () => ({ url: `${await freshFileUrl()}/preview` }),
    expect: readOnRecord,
  },
  'DELETE /api/candidates/:id|:candidateId/files/:fileId': {
    request: async () => ({ method: 'DELETE', url: await freshFileUrl() }),
    expect: adminOnRecord(204),
  },
  'PUT /api/candidates/:id|:candidateId/files/:fileId/cv': {
    request: async () => ({ method: 'PUT', url: `${await freshFileUrl()}/cv` }),
    expect: readOnRecord,
  },
};
