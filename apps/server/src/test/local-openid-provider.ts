import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  OAuth2Issuer,
  OAuth2Service,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { badAuthorizationRequest, readBody, signInPage } from './local-openid-provider-page.ts';

/**
 * A real OpenID provider on loopback standing in for Google or Microsoft through the issuer override
 * (OAUTH_GOOGLE_ISSUER, OAUTH_MICROSOFT_ISSUER). oauth2-mock-server issues and signs the tokens; this file puts
 * in front of it what the real providers have and the mock lacks: a sign-in page where a person types an
 * email, the client's registration (client id and secret, redirect URI), single-use codes, refresh tokens
 * that can be revoked, the claims of each provider, and Microsoft's issuer layout:
 *
 * - `google`: issuer `http://127.0.0.1:<port>`, tokens with `email_verified`.
 * - `microsoft`: one tenant, issuer `http://127.0.0.1:<port>/<tenant id>/v2.0`, tokens with `tid`, `xms_edov`.
 * - `microsoft-common`: the `common` endpoint: configured issuer `…/common/v2.0`, whose discovery document
 *   names the template `…/{tenantid}/v2.0`, and tokens whose `iss` names each person's own tenant.
 *
 * Used by the API tests and started by the browser tests' global setup.
 */
export type LocalProviderKind = 'google' | 'microsoft' | 'microsoft-common';

export type LocalProviderOptions = {
  kind: LocalProviderKind;
  clientId: string;
  clientSecret: string;
  /** Vivier's callback for this provider: the only redirect URI registered. */
  redirectUri: string;
  /** Microsoft: the tenant of the people signing in (each person's can be changed with `setClaims`). */
  tenantId?: string;
};

export const DEFAULT_TENANT_ID = '4a1b7c9e-2d3f-4e5a-8b6c-7d8e9f0a1b2c';

const LABELS: Record<LocalProviderKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  'microsoft-common': 'Microsoft',
};

export type LocalOpenIdProvider = Awaited<ReturnType<typeof startLocalOpenIdProvider>>;

export async function startLocalOpenIdProvider(options: LocalProviderOptions) {
  const { kind, clientId, clientSecret, redirectUri } = options;
  const defaultTenant = options.tenantId ?? DEFAULT_TENANT_ID;
  const microsoft = kind !== 'google';
  const prefix = kind === 'google' ? '' : kind === 'microsoft' ? `/${defaultTenant}/v2.0` : '/common/v2.0';

  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);

  /** Authorization codes not yet exchanged, and refresh tokens, each with the email of its person. */
  const codes = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const claimsByEmail = new Map<string, Record<string, unknown>>();
  const idTokenChanges: Record<string, unknown>[] = [];
  let forgeNext = false;
  const forgerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let failNext: number | undefined;
  let omitRefreshToken = false;

  const state = {
    /** Every request received, as 'GET /path'. */
    requests: [] as string[],
    /** Lifetime in seconds of the access tokens issued from now on. */
    accessTokenLifetime: 3600,
    /** Refresh grants answered with new tokens. */
    refreshCount: 0,
    /** Whether its answers name it in an `iss` parameter (RFC 9207). */
    issParameter: false,
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const base = `${origin}${prefix}`;
  issuer.url = base;

  const subjectOf = (email: string) =>
    createHash('sha256').update(`${kind}:${email.toLowerCase()}`).digest('hex').slice(0, 24);

  const claimsOf = (email: string): Record<string, unknown> => {
    const local = email.split('@')[0] ?? email;
    const extra = claimsByEmail.get(email.toLowerCase()) ?? {};
    const standard: Record<string, unknown> = microsoft
      ? { email, name: local, preferred_username: email, tid: defaultTenant, xms_edov: true }
      : { email, email_verified: true, name: local, given_name: local };
    return { ...standard, ...extra, sub: subjectOf(email) };
  };

  // The mock signs every token with `sub: johndoe`: give it the person's claims instead.
  service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const body = fieldsOf(req);
    const email =
      typeof body.code === 'string'
        ? codes.get(body.code)
        : typeof body.refresh_token === 'string'
          ? refreshTokens.get(body.refresh_token)
          : undefined;
    if (!email) return;
    const claims = claimsOf(email);
    const isIdToken = 'aud' in token.payload && !('scope' in token.payload);
    Object.assign(token.payload, isIdToken ? claims : { sub: claims.sub });
    if (kind === 'microsoft-common') token.payload.iss = `${origin}/${String(claims.tid)}/v2.0`;
    if (isIdToken) Object.assign(token.payload, idTokenChanges.shift());
  });

  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const email = new URL(req.url ?? '/', origin).searchParams.get('vivier_login');
    const code = redirect.url.searchParams.get('code');
    if (email && code) codes.set(code, email);
    if (email && state.issParameter) {
      const tid = claimsOf(email).tid;
      redirect.url.searchParams.set(
        'iss',
        kind === 'microsoft-common' ? `${origin}/${String(tid)}/v2.0` : base,
      );
    }
  });

  service.on('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = fieldsOf(req);
    const refuse = (statusCode: number, error: string) => {
      response.statusCode = statusCode;
      response.body = { error };
    };
    if (!authenticatedClient(req)) return refuse(401, 'invalid_client');
    if (failNext !== undefined) {
      const status = failNext;
      failNext = undefined;
      return refuse(status, 'server_error');
    }
    let email: string | undefined;
    if (body.grant_type === 'authorization_code') {
      email = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (typeof body.code === 'string') codes.delete(body.code);
      if (!email || body.redirect_uri !== redirectUri) return refuse(400, 'invalid_grant');
    } else if (body.grant_type === 'refresh_token') {
      email = typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
      if (!email) return refuse(400, 'invalid_grant');
      state.refreshCount += 1;
    } else {
      return refuse(400, 'unsupported_grant_type');
    }
    if (typeof response.body !== 'object') return;
    response.body.expires_in = state.accessTokenLifetime;
    if (omitRefreshToken) {
      omitRefreshToken = false;
      delete response.body.refresh_token;
    }
    if (typeof response.body.refresh_token === 'string')
      refreshTokens.set(response.body.refresh_token, email);
    if (forgeNext && typeof response.body.id_token === 'string') {
      forgeNext = false;
      response.body.id_token = forge(response.body.id_token);
    }
  });

  /** client_secret_post or client_secret_basic, with the registered secret. */
  function authenticatedClient(req: TokenRequestIncomingMessage): boolean {
    const body = fieldsOf(req);
    if (body.client_id === clientId && body.client_secret === clientSecret) return true;
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (!basic) return false;
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
    return id === clientId && secret === clientSecret;
  }

  /** The same header and claims, signed (RS256) by a key the provider does not publish. */
  function forge(idToken: string): string {
    const [header, payload] = idToken.split('.');
    const input = `${header}.${payload}`;
    return `${input}.${sign('sha256', Buffer.from(input), forgerKey).toString('base64url')}`;
  }

  function discoveryDocument() {
    return {
      issuer: kind === 'microsoft-common' ? `${origin}/{tenantid}/v2.0` : base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      subject_types_supported: [microsoft ? 'pairwise' : 'public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'nonce',
        'email',
        'email_verified',
        'name',
        'tid',
      ],
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    state.requests.push(`${req.method} ${url.pathname}`);
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined;
    if (path === '/.well-known/openid-configuration' && req.method === 'GET') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(discoveryDocument()));
      return;
    }
    if (path === '/token' || path === '/jwks') {
      req.url = `${path}${url.search}`;
      service.requestHandler(req, res);
      return;
    }
    if (path !== '/authorize') {
      res.statusCode = 404;
      res.end('Not found');
      return;
    }
    const problem = badAuthorizationRequest(url.searchParams, { clientId, redirectUri });
    if (problem) {
      res.statusCode = 400;
      res.end(`invalid_request: ${problem}`);
      return;
    }
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(signInPage(LABELS[kind]));
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('action') === 'cancel') {
      const back = new URL(redirectUri);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', back.href);
      res.end();
      return;
    }
    // The person typed an email: hand the request to the mock's authorization endpoint, which makes a code
    // and redirects; `beforeAuthorizeRedirect` remembers whose code it is.
    url.searchParams.set('vivier_login', form.get('email') ?? '');
    req.url = `/authorize?${url.searchParams}`;
    req.method = 'GET';
    delete req.headers['content-type'];
    delete req.headers['content-length'];
    service.requestHandler(req, res);
  }

  return {
    /** The issuer to configure (OAUTH_GOOGLE_ISSUER / OAUTH_MICROSOFT_ISSUER). */
    issuer: base,
    origin,
    state,
    /** Claims of one person's next tokens, over the provider's usual ones (e.g. `email_verified: false`). */
    setClaims(email: string, claims: Record<string, unknown>) {
      claimsByEmail.set(email.toLowerCase(), claims);
    },
    /** Claims of the next ID token, over the genuine ones, before it is signed (another audience…). */
    alterNextIdToken(claims: Record<string, unknown>) {
      idTokenChanges.push(claims);
    },
    /** Signs the next ID token with a key the provider does not publish. */
    forgeNextIdToken() {
      forgeNext = true;
    },
    /** The next token request is answered with this HTTP status (e.g. 500). */
    failNextTokenRequest(status: number) {
      failNext = status;
    },
    /** The next token answer has no refresh token, as Google's after the first consent. */
    omitNextRefreshToken() {
      omitRefreshToken = true;
    },
    /** The person withdrew Vivier's access: every refresh token stops working. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    /**
     * Signs in at the provider's page as a person would, without a browser: posts the email to the page the
     * authorization URL shows, and returns the address the provider sends the browser back to.
     */
    async signIn(authorizationUrl: string, email: string, action: 'sign-in' | 'cancel' = 'sign-in') {
      const response = await fetch(authorizationUrl, {
        method: 'POST',
        body: new URLSearchParams({ email, action }),
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`The provider did not redirect: ${response.status} ${await response.text()}`);
      return new URL(location);
    },
    /** Stops answering: connections are refused, as when the provider is down. */
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      if (server.listening) await this.down();
    },
  };
}

/** The token request's form fields, whatever the client sent. */
const fieldsOf = (req: TokenRequestIncomingMessage): Record<string, unknown> => ({ ...req.body });
