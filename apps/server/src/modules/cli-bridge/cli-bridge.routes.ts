import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runCommand } from '../../cli/commands.ts';
import { secretMatches } from '../../cli/handoff.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** How long a handed-over command may run without the connection closing (the 150k-candidate seed included). */
const OPERATOR_COMMAND_TIMEOUT_MS = 30 * 60_000;

/** Runs an operator command handed over by `npm run cli` (cli/handoff.ts): loopback and secret only. */
export const cliBridgeRoutes =
  (deps: Deps, secret: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/internal/cli',
      {
        schema: {
          hide: true,
          body: z.strictObject({ argv: z.array(z.string().max(10_000)).max(50) }),
          response: { 200: z.object({ code: z.number(), output: z.string() }) },
        },
      },
      async (request) => {
        const given = request.headers.authorization?.replace(/^Bearer\s+/i, '');
        if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !secretMatches(secret, given)) {
          throw new AppError(
            'forbidden',
            'Operator commands are accepted from this machine with its secret only',
          );
        }
        // The server closes a connection idle for 30 s (app.ts connectionTimeout, against slow clients), and a
        // command sends nothing until it is done: a seed of thousands of candidates on a busy machine took
        // longer, and the CLI saw 'fetch failed'. An operator's command, checked above, may take its time.
        request.raw.socket.setTimeout(OPERATOR_COMMAND_TIMEOUT_MS);
        const result = await runCommand(request.body.argv, deps.database);
        app.forgetMaintenance();
        return result;
      },
    );
  };
