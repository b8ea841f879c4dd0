import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { contentSecurityPolicy } from 'helmet';

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  // A candidate's file's preview is fetched with the session's token and framed from a blob: URL (decision 186);
  // nothing else is framed.
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers, built once for every answer (decision 251): @fastify/helmet built them again on each
 * request, parsing the policy and drawing two nonces, ~15 % of the server's JavaScript time on a job offers index
 * request, for answers (JSON, files) that run no script. Only the web app's page needs nonces (pageNonces).
 */
const everyAnswer = helmet({ contentSecurityPolicy: { directives } });

export async function registerSecurityHeaders(app: FastifyInstance) {
  // Helmet sets the headers and calls back at once; it throws rather than passing an error (helmet 8.1).
  app.addHook('onRequest', (request, reply, done) => everyAnswer(request.raw, reply.raw, () => done()));
}

/**
 * The web app's page's own Content-Security-Policy, whose script and style nonces are drawn for this answer
 * (DESIGN section 2): it replaces the one every answer carries, and the nonces are written into the page
 * (http/spa.ts), which hands them to Mantine, TipTap and the rest.
 */
export function pageNonces(reply: FastifyReply): { script: string; style: string } {
  const nonces = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
  const policy = contentSecurityPolicy({
    directives: {
      ...directives,
      scriptSrc: [...directives.scriptSrc, `'nonce-${nonces.script}'`],
      styleSrc: [...directives.styleSrc, `'nonce-${nonces.style}'`],
    },
  });
  policy(reply.request.raw, reply.raw, () => {});
  return nonces;
}
