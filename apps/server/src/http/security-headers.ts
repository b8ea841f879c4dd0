import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers on every answer, with a Content-Security-Policy whose script and style nonces change per
 * request (http/spa.ts writes them into the page; the web app hands them to Mantine, TipTap and the rest).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // A candidate's file's preview is fetched with the session's token and framed from a blob: URL
        // (decision 186); nothing else is framed.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}
