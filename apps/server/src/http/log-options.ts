import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Route parameters that carry a secret or a person's address (refresh and reset tokens, e-mail addresses). */
const SECRET_PARAMS = new Set(['token', 'email']);

/** Query keys whose values are secrets (an OAuth callback's code and state, any token or password). */
const SECRET_QUERY_KEYS = /^(code|state|token|access_token|id_token|refresh_token|password|email)$/i;

/**
 * Paths the router did not match, as the web app's own pages and mistyped API calls reach the server: a reset
 * link (`/reset_password/{token}`) is a page of the web app, so it arrives here.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/(\/password\/forgot\/)[^/]+/gi, `$1${REDACTED}`],
  [/(\/reset_password\/)[^/]+/gi, `$1${REDACTED}`],
  [/(\/users\/refresh\/)[^/]+/gi, `$1${REDACTED}`],
  [/(\/confirm_email\/)[^/]+/gi, `$1${REDACTED}`],
  [/(\/users\/confirm\/)[^/]+/gi, `$1${REDACTED}`],
  [/(\/password\/)(?!forgot(\/|$))[^/]+/gi, `$1${REDACTED}`],
  [/\/[^/]*@[^/]*/g, `/${REDACTED}`],
];

function decoded(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function redactQuery(query: string) {
  return query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split('=');
      return value !== undefined && SECRET_QUERY_KEYS.test(decoded(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL of a request as logs and error reports may show it (issue 7 section 4): for a matched route, its
 * pattern with the parameters filled in, secret ones redacted, whatever the spelling of the URL (the router
 * decodes `/%61pi/users/refresh/…` too); for any other path, the known secret segments redacted.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'params' | 'routeOptions'>): string {
  const [rawPath = '', query] = request.url.split(/\?(.*)/s, 2);
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  let path: string;
  if (pattern) {
    path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      SECRET_PARAMS.has(name) ? REDACTED : encodeURIComponent(String(params[name] ?? '')),
    );
  } else {
    path = SECRET_PATHS.reduce(
      (p, [secret, replacement]) => p.replace(secret, replacement),
      decoded(rawPath),
    );
  }
  return query ? `${path}?${redactQuery(query)}` : path;
}

/**
 * Pino options every server log uses: the request is logged by method, redacted URL and client address, never
 * with its headers (the bearer token) or body (passwords); `redact` censors the same fields wherever an object
 * logged elsewhere would carry them.
 */
export const logSafety = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggedUrl(request),
      remoteAddress: request.ip,
    }),
  },
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.jwt', '*.email'],
    censor: REDACTED,
  },
};

/**
 * Fastify's logger: `false` for none, JSON lines to `stream` when given (tests read them), else to stdout, as
 * JSON for a log collector or pretty lines for a person at a terminal.
 */
export function loggerOptions(
  level: string,
  logger: false | undefined,
  stream: { write(line: string): void } | undefined,
) {
  if (logger === false) return false;
  if (stream) return { level, stream, ...logSafety };
  return {
    level,
    ...logSafety,
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname,reqId', translateTime: 'SYS:HH:MM:ss' },
          },
        }
      : {}),
  };
}
