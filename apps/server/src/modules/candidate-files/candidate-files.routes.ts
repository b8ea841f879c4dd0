import { type CandidateFileType, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { type Caller, callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { candidateExists } from '../activity/notes.queries.ts';
import { byCaller, recordAuditAlone } from '../audit/audit.service.ts';
import { findFile, listFiles, presentFile } from './candidate-files.queries.ts';
import { deleteFile, type FilesDeps, fileStoreFor, markCv, uploadFile } from './candidate-files.service.ts';
import { attachment } from './content-disposition.ts';
import { PREVIEW_CSP, previewOf } from './reading/preview.ts';
import { filePart, registerFileUpload } from './upload-multipart.ts';

/** The audit entry of a file's bytes given out (decision 192): downloaded, or shown in the preview. */
const fileRead = (caller: Caller, fileId: number, as: 'download' | 'preview') =>
  ({
    ...byCaller(caller),
    action: 'candidate_file.download',
    target: { kind: 'candidate_file', id: fileId },
    details: { as },
  }) as const;

/**
 * Files on a candidate (issue 22, decision 184): every user of the licence lists, downloads, adds and marks the
 * CV (a candidate's record is everyone's to edit, the read-only level's too); a file is deleted by its uploader
 * or an admin.
 */
export const candidateFilesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const files: FilesDeps = {
      db: deps.db,
      store: fileStoreFor(deps.config),
      maxFileBytes: deps.config.maxFileBytes,
    };
    await registerFileUpload(app, deps.config.maxFileBytes);

    register(app, routes.candidateFiles.list, async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (!(await candidateExists(deps.db, caller, id))) throw notFound('Candidate');
      return { data: (await listFiles(deps.db, caller, id)).map(presentFile) };
    });

    register(app, routes.candidateFiles.upload, async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (!(await candidateExists(deps.db, caller, id, { live: true }))) throw notFound('Candidate');
      const file = await uploadFile(files, caller, id, await filePart(request));
      return reply.code(201).send(file);
    });

    register(app, routes.candidateFiles.download, async (request, reply) => {
      const caller = callerOf(request);
      const { id, fileId } = request.params;
      const file = await findFile(deps.db, caller, id, fileId);
      const body = file && (await files.store.get(file.storage_key));
      if (!file || !body) throw notFound('File');
      await recordAuditAlone(deps.db, fileRead(caller, fileId, 'download'));
      const type = file.media_type === 'text/plain' ? 'text/plain; charset=utf-8' : file.media_type;
      return (
        reply
          .type(type)
          .header('content-length', String(file.size))
          .header('content-disposition', attachment(file.name))
          // Never rendered as a page of this origin, even if a browser were to sniff it.
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(body)
      );
    });

    // Inline, to be shown in a frame (decision 186): a PDF as it is, a DOCX or ODT as sanitised HTML.
    register(app, routes.candidateFiles.preview, async (request, reply) => {
      const caller = callerOf(request);
      const { id, fileId } = request.params;
      const file = await findFile(deps.db, caller, id, fileId);
      const body = file && (await files.store.get(file.storage_key));
      if (!file || !body) throw notFound('File');
      const preview = await previewOf(body, file.media_type as CandidateFileType);
      await recordAuditAlone(deps.db, fileRead(caller, fileId, 'preview'));
      return reply
        .type(preview.type)
        .header('content-disposition', attachment(file.name, 'inline'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', PREVIEW_CSP)
        .header('cache-control', 'private, no-store')
        .send(preview.body);
    });

    register(app, routes.candidateFiles.remove, async (request, reply) => {
      await deleteFile(files, callerOf(request), request.params.id, request.params.fileId);
      return reply.code(204).send(null);
    });

    register(app, routes.candidateFiles.markCv, async (request) =>
      markCv(deps.db, callerOf(request), request.params.id, request.params.fileId),
    );
  };
