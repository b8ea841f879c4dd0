import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/app-error.ts';
import type { UploadedPart } from './candidate-files.service.ts';

/**
 * Multipart in the plugin that registers it (decision 184): one part named `file`, no more than the configured
 * size (more is 413). preservePath keeps the name as sent (busboy would cut `../../x` to `x`): it is shown,
 * never used as a path. Candidates' files and drafts from CVs (decision 188) take uploads the same way.
 */
export const registerFileUpload = (app: FastifyInstance, maxFileBytes: number) =>
  app.register(multipart, {
    preservePath: true,
    // A few small text fields beside the file are ignored (a zero limit would answer them 413, as too large).
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, fileSize: maxFileBytes, headerPairs: 50 },
  });

/** The request's part named `file`, else 400. */
export async function filePart(request: FastifyRequest): Promise<UploadedPart> {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (part?.fieldname !== 'file') {
    throw badRequest('Send the file as multipart/form-data, in a part named "file"');
  }
  return part;
}
