import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from './oauth-providers.ts';
import { acceptedIssuer, expectedIssuer, issuerRule } from './token-issuer.ts';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const microsoft = (tenant: string): ProviderSettings => ({
  provider: 'microsoft',
  label: 'Microsoft',
  clientId: 'id',
  clientSecret: 'secret',
  issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
  microsoftTenant: tenant,
  scope: 'openid',
  authorizationParameters: {},
});
const google: ProviderSettings = {
  ...microsoft('x'),
  provider: 'google',
  issuer: 'https://accounts.google.com',
  microsoftTenant: undefined,
};

describe('the issuer of ID tokens', () => {
  it('is the configured issuer when the discovery document names it', () => {
    expect(issuerRule(google, 'https://accounts.google.com')).toEqual({
      kind: 'fixed',
      issuer: 'https://accounts.google.com',
    });
    expect(issuerRule(microsoft(TENANT), `https://login.microsoftonline.com/${TENANT}/v2.0`)).toEqual({
      kind: 'fixed',
      issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
    });
  });

  it('is refused when the document names another issuer', () => {
    expect(issuerRule(google, 'https://accounts.evil.example')).toBeUndefined();
    expect(
      issuerRule(microsoft(TENANT), 'https://login.microsoftonline.com/{tenantid}/v2.0'),
    ).toBeUndefined();
    expect(issuerRule(microsoft('common'), 'https://login.evil.example/{tenantid}/v2.0')).toBeUndefined();
    expect(
      issuerRule(microsoft('common'), 'https://login.microsoftonline.com/not-a-tenant/v2.0'),
    ).toBeUndefined();
    // Google's rule has no tenant.
    expect(issuerRule(google, 'https://accounts.google.com/{tenantid}')).toBeUndefined();
  });

  it("follows Microsoft's template for common and organizations: the token's tid fills it", () => {
    for (const tenant of ['common', 'organizations']) {
      const rule = issuerRule(microsoft(tenant), 'https://login.microsoftonline.com/{tenantid}/v2.0');
      expect(rule).toEqual({ kind: 'tenant', template: 'https://login.microsoftonline.com/{tenantid}/v2.0' });
      if (!rule) continue;
      expect(expectedIssuer(rule, TENANT)).toBe(`https://login.microsoftonline.com/${TENANT}/v2.0`);
      expect(expectedIssuer(rule, undefined)).toBeUndefined();
      expect(expectedIssuer(rule, 'evil/../x')).toBeUndefined();
      expect(expectedIssuer(rule, 42)).toBeUndefined();
    }
  });

  it('accepts the tenant id a document names for a tenant configured by domain, or consumers', () => {
    const consumers = '9188040d-6c67-4c5b-b112-36a304b66dad';
    expect(issuerRule(microsoft('consumers'), `https://login.microsoftonline.com/${consumers}/v2.0`)).toEqual(
      {
        kind: 'fixed',
        issuer: `https://login.microsoftonline.com/${consumers}/v2.0`,
      },
    );
    const rule = issuerRule(
      microsoft('contoso.onmicrosoft.com'),
      `https://login.microsoftonline.com/${TENANT}/v2.0`,
    );
    expect(rule && expectedIssuer(rule, 'ignored')).toBe(`https://login.microsoftonline.com/${TENANT}/v2.0`);
  });

  it('accepts the issuer an answer names (RFC 9207) only when the rule does', () => {
    const fixed = { kind: 'fixed', issuer: 'https://accounts.google.com' } as const;
    expect(acceptedIssuer(fixed, 'https://accounts.google.com')).toBe('https://accounts.google.com');
    expect(acceptedIssuer(fixed, 'https://accounts.evil.example')).toBeUndefined();
    const tenant = { kind: 'tenant', template: 'https://login.microsoftonline.com/{tenantid}/v2.0' } as const;
    expect(acceptedIssuer(tenant, `https://login.microsoftonline.com/${TENANT}/v2.0`)).toBe(
      `https://login.microsoftonline.com/${TENANT}/v2.0`,
    );
    for (const issuer of [
      'https://login.microsoftonline.com/{tenantid}/v2.0',
      'https://login.microsoftonline.com/common/v2.0',
      `https://login.evil.example/${TENANT}/v2.0`,
      `https://login.microsoftonline.com/${TENANT}/v2.0/extra`,
    ])
      expect(acceptedIssuer(tenant, issuer), issuer).toBeUndefined();
  });
});
