import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthIdentities } from '../../db/schema/index.ts';
import {
  appWith,
  authorizationUrl,
  callback,
  localProvider,
  noAccountMessage,
  providerAnswer,
  signInWith,
} from '../../test/fixtures/oauth.ts';
import type { TestApp } from '../../test/harness.ts';
import { DEFAULT_TENANT_ID, type LocalOpenIdProvider } from '../../test/local-openid-provider.ts';

const OTHER_TENANT_ID = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
const rejected = {
  error: 'oauth_failed',
  message: 'Failed to log in with Microsoft: the answer of Microsoft could not be verified, please try again',
};

describe('Microsoft, one tenant', () => {
  let microsoft: LocalOpenIdProvider;
  let t: TestApp;
  let admin: { id: number; email: string };
  beforeAll(async () => {
    microsoft = await localProvider('microsoft', 'microsoft');
    t = await appWith({ microsoft }, DEFAULT_TENANT_ID);
    ({ admin } = await t.licence());
  });
  afterAll(async () => {
    await t.close();
    await microsoft.stop();
  });

  it('asks for offline access and signs in the user whose domain the tenant owns (xms_edov)', async () => {
    const url = await authorizationUrl(t, 'microsoft');
    expect(url.searchParams.get('scope')).toBe('openid email profile offline_access');
    expect(url.searchParams.get('access_type')).toBeNull();
    const res = await signInWith(t, 'microsoft', microsoft, admin.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, email: admin.email });
    const [row] = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, admin.id));
    expect(row).toMatchObject({ provider: 'microsoft', tenantId: DEFAULT_TENANT_ID });
  });

  it('refuses an address the tenant does not vouch for', async () => {
    microsoft.setClaims(admin.email, { xms_edov: false });
    const res = await signInWith(t, 'microsoft', microsoft, admin.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'email_not_verified',
      message: 'Failed to log in with Microsoft: Microsoft has not verified your email address',
    });
    // An explicit email_verified: false wins over xms_edov.
    microsoft.setClaims(admin.email, { email_verified: false, xms_edov: true });
    expect((await signInWith(t, 'microsoft', microsoft, admin.email)).statusCode).toBe(401);
    microsoft.setClaims(admin.email, {});
  });

  it('refuses a token of another tenant: its issuer is not this tenant', async () => {
    microsoft.alterNextIdToken({ iss: microsoft.issuer.replace(DEFAULT_TENANT_ID, OTHER_TENANT_ID) });
    const res = await signInWith(t, 'microsoft', microsoft, admin.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(rejected);
  });

  it('refuses a wrong audience and an unknown email with the messages of Microsoft', async () => {
    microsoft.alterNextIdToken({ aud: 'another-application' });
    expect((await signInWith(t, 'microsoft', microsoft, admin.email)).json()).toEqual(rejected);
    const unknown = await signInWith(t, 'microsoft', microsoft, 'nobody@contoso.test');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'no_account', message: noAccountMessage('Microsoft') });
  });
});

describe('Microsoft, common endpoint (any tenant)', () => {
  let microsoft: LocalOpenIdProvider;
  let t: TestApp;
  let ada: { id: number; email: string };
  let bob: { id: number; email: string };
  beforeAll(async () => {
    microsoft = await localProvider('microsoft', 'microsoft-common');
    t = await appWith({ microsoft }, 'common');
    const { licence, admin } = await t.licence();
    ada = admin;
    bob = await t.user(licence.id, 'bob@fabrikam.test');
    microsoft.setClaims(bob.email, { tid: OTHER_TENANT_ID });
  });
  afterAll(async () => {
    await t.close();
    await microsoft.stop();
  });

  it('validates each token against the issuer of its own tenant (tid)', async () => {
    expect(microsoft.issuer).toMatch(/\/common\/v2\.0$/);
    const first = await signInWith(t, 'microsoft', microsoft, ada.email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().id).toBe(ada.id);
    const second = await signInWith(t, 'microsoft', microsoft, bob.email);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(bob.id);
    const rows = await t.db.select().from(oauthIdentities);
    expect(rows.map((r) => r.tenantId).sort()).toEqual([DEFAULT_TENANT_ID, OTHER_TENANT_ID].sort());
  });

  it('accepts an answer naming the tenant issuer (RFC 9207), but not one naming another tenant', async () => {
    microsoft.state.issParameter = true;
    try {
      const search = await providerAnswer(t, 'microsoft', microsoft, bob.email);
      expect(new URLSearchParams(search).get('iss')).toBe(`${microsoft.origin}/${OTHER_TENANT_ID}/v2.0`);
      expect((await callback(t, 'microsoft', search)).statusCode).toBe(200);
      const mismatch = new URLSearchParams(await providerAnswer(t, 'microsoft', microsoft, bob.email));
      mismatch.set('iss', `${microsoft.origin}/${DEFAULT_TENANT_ID}/v2.0`);
      expect((await callback(t, 'microsoft', `?${mismatch}`)).json()).toEqual(rejected);
    } finally {
      microsoft.state.issParameter = false;
    }
  });

  it('refuses a token whose issuer names another tenant than its tid', async () => {
    microsoft.alterNextIdToken({ iss: `${microsoft.origin}/${OTHER_TENANT_ID}/v2.0` });
    const res = await signInWith(t, 'microsoft', microsoft, ada.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(rejected);
  });

  it('refuses a token without a tenant, or with the template as its issuer', async () => {
    microsoft.alterNextIdToken({ tid: undefined });
    expect((await signInWith(t, 'microsoft', microsoft, ada.email)).json()).toEqual(rejected);
    microsoft.alterNextIdToken({ iss: `${microsoft.origin}/{tenantid}/v2.0`, tid: '{tenantid}' });
    expect((await signInWith(t, 'microsoft', microsoft, ada.email)).json()).toEqual(rejected);
  });

  it('refuses a token signed by a key Microsoft does not publish, whatever its tid says', async () => {
    microsoft.forgeNextIdToken();
    const res = await signInWith(t, 'microsoft', microsoft, ada.email);
    expect(res.json()).toEqual(rejected);
  });

  it('refreshes the access token and checks the new ID token against the same tenant', async () => {
    microsoft.state.accessTokenLifetime = 30;
    const signedIn = await signInWith(t, 'microsoft', microsoft, bob.email);
    microsoft.state.accessTokenLifetime = 3600;
    const before = microsoft.state.refreshCount;
    const res = await t.app.inject({ url: '/api/oauth/token', headers: t.auth(signedIn.json().jwt) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provider).toBe('microsoft');
    expect(microsoft.state.refreshCount).toBe(before + 1);
  });

  it('replays nothing: the answer of one attempt cannot complete another provider attempt', async () => {
    const search = await providerAnswer(t, 'microsoft', microsoft, ada.email);
    expect((await callback(t, 'microsoft', search)).statusCode).toBe(200);
    expect((await callback(t, 'microsoft', search)).json().error).toBe('invalid_state');
  });
});

describe('Microsoft discovery', () => {
  it('refuses a discovery document that names another issuer than the configured one (502)', async () => {
    // The common document names the {tenantid} template: right for MICROSOFT_TENANT=common, not for a tenant
    // the issuer does not name.
    const microsoft = await localProvider('microsoft', 'microsoft-common');
    const t = await appWith({ microsoft }, 'organizations');
    try {
      const res = await t.app.inject({ url: '/api/oauth/microsoft/auth' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'provider_error',
        message: `The discovery document of Microsoft does not describe the issuer ${microsoft.issuer}`,
      });
    } finally {
      await t.close();
      await microsoft.stop();
    }
  });
});
