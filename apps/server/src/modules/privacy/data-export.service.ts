import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DATA_EXPORT_FORMAT_VERSION } from '@vivier/contract';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordAudit, userActor } from '../audit/audit.service.ts';
import type { FileStore } from '../candidate-files/file-store.ts';
import { findCandidate } from '../candidates/candidates.queries.ts';
import { type CandidateRecords, candidateRecords } from './data-export.queries.ts';
import { assertCanHandlePrivacy } from './privacy.policy.ts';

type Row = Record<string, unknown>;

/** A date as the JSON writes it (ISO 8601, UTC), whichever driver read it. */
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** A JSON column as an object, whichever driver read it (text from one, parsed from the other). */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** A file's name inside the ZIP: ASCII letters, digits, dot, hyphen and underscore, never a path, ≤ 80. */
export const safeName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80) || 'file';

/** The entry of the n-th file (1-based): `files/<n>-<safe name>`. */
export const filePath = (n: number, name: string) => `files/${n}-${safeName(name)}`;

/**
 * `candidate.json`, version 1 (docs/privacy-export-format.md): every kind of record Vivier holds about the
 * candidate, keys in snake_case, dates in ISO 8601. `files[].path` is the file's entry in the ZIP, null when
 * its bytes were not found in the store.
 */
export function exportDocument(records: CandidateRecords, filesFound: Map<number, string | null>) {
  const { candidate: c } = records;
  const manual = (json(c.manual_data) ?? {}) as Row;
  return {
    format: 'vivier.candidate-export',
    version: DATA_EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    candidate: {
      id: c.id,
      first_name: c.first_name,
      last_name: c.last_name,
      edited: {
        first_name: manual.firstName ?? null,
        last_name: manual.lastName ?? null,
        title: manual.title ?? null,
      },
      details: json(c.details),
      linkedin_url: c.linkedin_url,
      picture_url: c.picture_url,
      social_networks: json(c.social_networks),
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
    },
    contacts: records.contacts.map((r) => ({
      kind: r.kind,
      value: r.value,
      primary: r.is_primary,
      source: r.source,
      added_at: iso(r.created_at),
      deleted_at: iso(r.deleted_at),
    })),
    tags: records.tags.map((r) => ({ id: r.id, name: r.name })),
    applications: records.applications.map((r) => ({
      id: r.id,
      job_offer: { id: r.job_offer_id, name: r.job_offer },
      status: r.status_id === null ? null : { id: r.status_id, name: r.status },
      source: r.source,
      comment: r.comment,
      answers: json(r.answers),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
    history: records.events.map((r) => ({
      id: r.id,
      kind: r.kind,
      job_application_id: r.job_application_id,
      job_offer_id: r.job_offer_id,
      actor_id: r.actor_id,
      data: json(r.data),
      at: iso(r.created_at),
    })),
    notes: records.notes.map((r) => ({
      id: r.id,
      job_application_id: r.job_application_id,
      author_id: r.author_id,
      content_html: r.content,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
    emails: [
      ...records.emails.map((r) => ({
        kind: 'message',
        id: r.id,
        job_offer_id: r.job_offer_id,
        from: r.sender_email,
        to: r.recipient,
        subject: r.subject,
        body_html: r.content,
        body_text: null,
        state: 'sent',
        at: iso(r.sent_at),
      })),
      ...records.bulkEmails.map((r) => ({
        kind: 'send',
        id: r.send_id,
        job_offer_id: r.job_offer_id,
        from: null,
        to: r.email,
        subject: r.subject,
        body_html: null,
        body_text: r.text,
        state: r.state,
        at: iso(r.sent_at ?? r.created_at),
      })),
    ],
    consents: records.consents.map((r) => ({
      id: r.id,
      job_application_id: r.job_application_id,
      text: r.text,
      address: r.address,
      given_at: iso(r.created_at),
    })),
    files: records.files.map((r) => ({
      id: r.id,
      name: r.name,
      media_type: r.media_type,
      size: Number(r.size),
      is_cv: r.is_cv,
      created_at: iso(r.created_at),
      path: filesFound.get(Number(r.id)) ?? null,
    })),
  };
}

/** The counts an audit entry keeps of an export: how many of each kind, never what. */
export const exportCounts = (records: CandidateRecords) => ({
  contacts: records.contacts.length,
  applications: records.applications.length,
  events: records.events.length,
  notes: records.notes.length,
  emails: records.emails.length + records.bulkEmails.length,
  consents: records.consents.length,
  files: records.files.length,
});

/**
 * "Export this candidate's data" (issue 24, decision 194): reads every record in one snapshot, records the
 * export in the audit log (ids and counts), then answers the ZIP as a stream: each file's bytes from the store
 * one after the other (one open at a time), `candidate.json` last, once it is known which files were found.
 */
export async function exportCandidateData(
  deps: { db: Db; store: FileStore },
  caller: Caller,
  candidateId: number,
  address: string,
) {
  // Another licence's candidate is missing whoever asks; the role is checked before anything is read.
  if (!(await findCandidate(deps.db, caller.licenceId, candidateId))) throw notFound('Candidate');
  assertCanHandlePrivacy(caller);
  const records = await candidateRecords(deps.db, caller.licenceId, candidateId);
  if (!records) throw notFound('Candidate');
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      licenceId: caller.licenceId,
      actor: userActor(caller),
      address,
      action: 'candidate.export',
      target: { kind: 'candidate', id: candidateId },
      details: exportCounts(records),
    }),
  );
  const zip = new ZipFile();
  let current: Readable | undefined;
  let abandoned = false;
  // The ZIP as the reply reads it (yazl's own stream is typed as a bare ReadableStream).
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  const write = async () => {
    const found = new Map<number, string | null>();
    let n = 0;
    for (const file of records.files) {
      const body = await deps.store.get(String(file.storage_key));
      if (!body) {
        found.set(Number(file.id), null);
        continue;
      }
      const path = filePath(++n, String(file.name));
      found.set(Number(file.id), path);
      current = body;
      zip.addReadStream(body, path);
      // The next file is opened once this one was read into the ZIP (or the download was abandoned).
      await finished(body);
      current = undefined;
    }
    const document = JSON.stringify(exportDocument(records, found), null, 2);
    zip.addBuffer(Buffer.from(document, 'utf8'), 'candidate.json');
    zip.end();
  };
  return {
    stream: output,
    /** Starts writing the entries; call once the stream is handed to the reply. */
    start: (onError: (error: unknown) => void) => {
      write().catch((error: unknown) => {
        output.destroy(error instanceof Error ? error : new Error(String(error)));
        if (!abandoned) onError(error);
      });
    },
    /** Stops a download abandoned by the client: the file being read is closed. */
    abandon: () => {
      abandoned = true;
      current?.destroy();
      output.destroy();
    },
  };
}
