import type { ProviderSettings } from './oauth-providers.ts';

/**
 * How a provider's ID tokens name their issuer. OpenID Connect Discovery wants the discovery document's
 * `issuer` equal to the configured issuer and every token's `iss` equal to it: that is `fixed`. Microsoft's
 * multi-tenant endpoints (common, organizations) publish a template, `https://login.microsoftonline.com/
 * {tenantid}/v2.0`, and each token names its own tenant: Microsoft's rule is that `iss` must be the template
 * with the token's `tid` claim in place of `{tenantid}` (Microsoft identity platform, "Validate the issuer").
 */
export type IssuerRule = { kind: 'fixed'; issuer: string } | { kind: 'tenant'; template: string };

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACEHOLDER = '{tenantid}';
const MULTI_TENANT = new Set(['common', 'organizations']);

/**
 * Accepts the discovery document's `issuer` for the configured one, or says why not (undefined). Besides
 * equality, Microsoft's documents may name the `{tenantid}` template (common, organizations) or a tenant id
 * where the configuration names the tenant by domain (contoso.onmicrosoft.com) or says consumers.
 */
export function issuerRule(settings: ProviderSettings, discovered: string): IssuerRule | undefined {
  if (discovered === settings.issuer || discovered === `${settings.issuer}/`) {
    return { kind: 'fixed', issuer: discovered };
  }
  const tenant = settings.microsoftTenant;
  if (!tenant) return undefined;
  const segment = `/${tenant}/`;
  const at = settings.issuer.lastIndexOf(segment);
  if (at < 0) return undefined;
  const before = `${settings.issuer.slice(0, at)}/`;
  const after = `/${settings.issuer.slice(at + segment.length)}`;
  if (!discovered.startsWith(before) || !discovered.endsWith(after)) return undefined;
  const named = discovered.slice(before.length, discovered.length - after.length);
  // Only the multi-tenant endpoints may name the template: a tenant's own document never does.
  if (named === PLACEHOLDER)
    return MULTI_TENANT.has(tenant) ? { kind: 'tenant', template: discovered } : undefined;
  // A tenant named by domain, or consumers: the document names that tenant's id.
  if (TENANT_ID.test(named) && !TENANT_ID.test(tenant) && !MULTI_TENANT.has(tenant)) {
    return { kind: 'fixed', issuer: discovered };
  }
  return undefined;
}

/** The issuer a token must name: the fixed one, or the template filled with the token's own `tid`. */
export function expectedIssuer(rule: IssuerRule, tenantId: unknown): string | undefined {
  if (rule.kind === 'fixed') return rule.issuer;
  return typeof tenantId === 'string' && TENANT_ID.test(tenantId)
    ? rule.template.replace(PLACEHOLDER, tenantId)
    : undefined;
}

/**
 * The issuer an authorization response names in its `iss` parameter (RFC 9207), when it is one the rule
 * accepts: the fixed issuer, or the template filled with a tenant id. Undefined otherwise.
 */
export function acceptedIssuer(rule: IssuerRule, issuer: string): string | undefined {
  if (rule.kind === 'fixed') return issuer === rule.issuer ? issuer : undefined;
  const [before, after] = rule.template.split(PLACEHOLDER);
  if (before === undefined || after === undefined || !issuer.startsWith(before) || !issuer.endsWith(after)) {
    return undefined;
  }
  return expectedIssuer(rule, issuer.slice(before.length, issuer.length - after.length)) === issuer
    ? issuer
    : undefined;
}
