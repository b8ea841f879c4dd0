import { Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { openImport, runImport } from './candidate-import.service.ts';
import { type CsvDelimiter, toUtf8 } from './csv-records.ts';

/**
 * POST /candidates/import: a CSV file as the body, its column mapping in the query; answers NDJSON lines as
 * batches commit (contract: candidate-import.ts). The upload is read whole (capped) before the first batch, so
 * a slow import never holds the request past the server's request timeout.
 */
export const candidateImportRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    register(
      app,
      routes.candidates.import,
      async (request, reply) => {
        const caller = callerOf(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw badRequest('No file: send the CSV file as the body, with Content-Type: text/csv');
        }
        const { mapping, delimiter, encoding, file_name: fileName } = request.query;
        const separator: CsvDelimiter | undefined = delimiter === 'tab' ? '\t' : delimiter;
        const opened = await openImport(toUtf8(request.body, encoding), mapping, separator);
        const lines = runImport(deps.db, caller, opened, mapping, request.log, fileName ?? null);
        const stream = Readable.from(
          (async function* () {
            for await (const line of lines) yield `${JSON.stringify(line)}\n`;
          })(),
        );
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(stream);
      },
      { bodyLimit: IMPORT_MAX_BYTES },
    );
  };
