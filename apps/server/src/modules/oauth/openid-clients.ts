import type { OAuthProvider } from '@vivier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { type ProviderSettings, providerSettings } from './oauth-providers.ts';
import { describeFailure, providerFailure } from './provider-failure.ts';
import { type IssuerRule, issuerRule } from './token-issuer.ts';

/**
 * Calls to a provider give up after 4 s: the web app gives up on our answer after 5 s (SPEC section 7), and a
 * clear 503 is better than its timeout.
 */
export const PROVIDER_TIMEOUT_MS = 4_000;

/** One provider, discovered: everything the sign-in and the token refresh need. */
export type ProviderClient = {
  settings: ProviderSettings;
  /** openid-client's configuration: builds the authorization URL. */
  configuration: client.Configuration;
  /** The discovered metadata, for the token endpoint calls (token-endpoint.ts). */
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  issuers: IssuerRule;
  /** The provider's signing keys, fetched on first use and again when a token names an unknown key. */
  jwksCache: oauth.JWKSCacheInput;
  /** Plain http, allowed only on loopback (config.ts): a local test provider. */
  insecure: boolean;
};

export type OpenIdClients = {
  /** The provider's client; 404 when not configured, 503/502 when its discovery document cannot be had. */
  get(provider: OAuthProvider): Promise<ProviderClient>;
};

/**
 * The providers' clients, each discovered once per process on first use and kept. A failed discovery is not
 * kept: the next sign-in tries again, so a provider that was down works as soon as it is back.
 */
export function openIdClients(config: Config, log: FastifyBaseLogger): OpenIdClients {
  const discovered = new Map<OAuthProvider, Promise<ProviderClient>>();
  return {
    get(provider) {
      const settings = providerSettings(config, provider);
      const known = discovered.get(provider);
      if (known) return known;
      const pending = discover(settings).catch((error: unknown) => {
        if (discovered.get(provider) === pending) discovered.delete(provider);
        log.warn({ provider, reason: describeFailure(error) }, 'OpenID discovery failed');
        throw providerFailure(settings.label, error);
      });
      discovered.set(provider, pending);
      return pending;
    },
  };
}

async function discover(settings: ProviderSettings): Promise<ProviderClient> {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  // The document's own URL: openid-client then leaves the issuer check to us, because Microsoft's
  // multi-tenant documents name a template, not the issuer they are served under (token-issuer.ts).
  const documentUrl = new URL(`${settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  const configuration = await client.discovery(
    documentUrl,
    settings.clientId,
    settings.clientSecret,
    undefined,
    {
      timeout: PROVIDER_TIMEOUT_MS / 1000,
      execute: insecure ? [client.allowInsecureRequests] : [],
    },
  );
  const server = configuration.serverMetadata();
  const issuers = issuerRule(settings, server.issuer);
  if (!issuers || !server.authorization_endpoint || !server.token_endpoint || !server.jwks_uri) {
    throw new AppError(
      'provider_error',
      `The discovery document of ${settings.label} does not describe the issuer ${settings.issuer}`,
    );
  }
  return {
    settings,
    configuration,
    server,
    client: { client_id: settings.clientId },
    clientAuth: client.ClientSecretPost(settings.clientSecret),
    issuers,
    jwksCache: {},
    insecure,
  };
}
