import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.ts';
import { runCommand } from './commands.ts';

let t: TestApp;
withTestApp((app) => (t = app));

const run = (...argv: string[]) => runCommand(argv, t.database);

describe('operator CLI commands', () => {
  it('creates a licence with its admin, who can sign in with a default pipeline', async () => {
    const out = await run(
      'licence:create',
      '--name',
      'Acme',
      '--credits',
      '500',
      '--plan',
      'recurrent',
      '--period',
      'yearly',
      '--admin-email',
      'boss@acme.test',
      '--admin-password',
      'acme password',
    );
    expect(out.code).toBe(0);
    expect(out.output).toMatch(
      /^Created licence \d+ "Acme" \(recurrent, yearly, 500 credits\) with admin boss@acme\.test \(user \d+\)$/,
    );
    const { jwt, license_id } = await t.login('boss@acme.test', 'acme password');
    const lic = (await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).json();
    expect(lic).toMatchObject({
      id: license_id,
      name: 'Acme',
      credits_max: 500,
      plan_type: 'recurrent',
      renew_period: 'yearly',
    });
  });

  it('creates users in a licence, admin or not', async () => {
    const { licence } = await t.licence();
    const out = await run(
      'user:create',
      '--licence',
      String(licence.id),
      '--email',
      'rec@org.test',
      '--password',
      'rec password',
      '--first-name',
      'Rosa',
      '--last-name',
      'Parks',
    );
    expect(out).toEqual({
      code: 0,
      output: expect.stringMatching(/^Created user rec@org\.test \(user \d+\) in licence \d+$/),
    });
    const admin = await run(
      'user:create',
      '--licence',
      String(licence.id),
      '--email',
      'adm@org.test',
      '--password',
      'adm password',
      '--role',
      'admin',
    );
    expect(admin.output).toMatch(/^Created admin adm@org\.test/);
    const me = await t.login('rec@org.test', 'rec password');
    expect(me).toMatchObject({ license_id: licence.id });
  });

  it("sets where a licence's recruiting data is served, which the licence route answers; /api is the default", async () => {
    await run(
      'licence:create',
      '--name',
      'Remote data',
      '--credits',
      '5',
      '--plan',
      'demo',
      '--admin-email',
      'boss@remote.test',
      '--admin-password',
      'remote password',
    );
    const { jwt, license_id } = await t.login('boss@remote.test', 'remote password');
    const apiUrl = async () =>
      (await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).json().api_url;
    const set = await run(
      'licence:api-url',
      '--licence',
      String(license_id),
      '--url',
      'https://data.remote.test/api/',
    );
    expect(set).toEqual({
      code: 0,
      output: `Licence ${license_id} "Remote data": recruiting data at https://data.remote.test/api`,
    });
    expect(await apiUrl()).toBe('https://data.remote.test/api');
    const back = await run('licence:api-url', '--licence', String(license_id), '--url', '/api');
    expect(back.output).toBe(`Licence ${license_id} "Remote data": recruiting data at /api (the default)`);
    expect(await apiUrl()).toBe('/api');
    for (const url of [
      'http://data.remote.test/api',
      'javascript:alert(1)',
      'https://user:pw@data.remote.test/api',
      'https://data.remote.test/api?x=1',
      'api',
    ]) {
      const refused = await run('licence:api-url', '--licence', String(license_id), '--url', url);
      expect([url, refused.code]).toEqual([url, 2]);
    }
    expect((await run('licence:api-url', '--licence', '999999', '--url', '/api')).code).toBe(2);
    expect((await run('licence:api-url', '--licence', String(license_id))).code).toBe(2);
    expect(await apiUrl()).toBe('/api');
  });

  it('answers bad arguments with the usage and code 2, writing nothing', async () => {
    const cases = [
      [],
      ['nope'],
      ['licence:create', '--name', 'X'],
      [
        'licence:create',
        '--name',
        'X',
        '--credits',
        '-1',
        '--plan',
        'demo',
        '--admin-email',
        'x@x.test',
        '--admin-password',
        'long enough',
      ],
      [
        'licence:create',
        '--name',
        'X',
        '--credits',
        '5',
        '--plan',
        'gold',
        '--admin-email',
        'x@x.test',
        '--admin-password',
        'long enough',
      ],
      ['user:create', '--licence', '999999', '--email', 'x@x.test', '--password', 'long enough'],
      ['user:create', '--licence', '1', '--email', 'not-an-email', '--password', 'long enough'],
      ['maintenance:set', '--at', 'tomorrow', '--duration', '10'],
      ['maintenance:set', '--at', '2026-01-01T00:00:00Z', '--duration', '0'],
      ['maintenance:clear', '--force'],
    ];
    for (const argv of cases) {
      const out = await run(...argv);
      expect(out.code, argv.join(' ')).toBe(2);
      expect(out.output, argv.join(' ')).toContain('Usage: npm run cli -- <command> [options]');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'x@x.test', password: 'long enough' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a second user with the same email in one licence, ignoring case; another licence may have it', async () => {
    const { licence } = await t.licence();
    const create = (licenceId: number, email: string) =>
      run('user:create', '--licence', String(licenceId), '--email', email, '--password', 'another password');
    expect((await create(licence.id, 'twice@acme.test')).code).toBe(0);
    const again = await create(licence.id, 'TWICE@acme.test');
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');
    // Emails are unique within a licence, not across licences (decision 136).
    const other = await t.licence();
    expect((await create(other.licence.id, 'Twice@acme.test')).code).toBe(0);
  });

  it('seeds the demo organisation into a licence', async () => {
    const { licence } = await t.licence();
    const out = await run('seed', '--licence', String(licence.id));
    expect(out.output).toMatch(
      /^Seeded licence \d+: 4 job offers, 60 candidates, 84 applications, 7 tags in [\d.]+ s$/,
    );
  });

  it('seeds a demo of a chosen number of candidates, in statements PostgreSQL takes', async () => {
    const { licence } = await t.licence();
    const out = await run('seed', '--licence', String(licence.id), '--candidates', '1500');
    expect(out.output).toMatch(
      /^Seeded licence \d+: 4 job offers, 1500 candidates, \d+ applications, 7 tags/,
    );
    const { candidates } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    expect(await t.db.$count(candidates, eq(candidates.licenceId, licence.id))).toBe(1500);
  });

  it("refuses the dataset generator's options (npm run dataset), a size past 10,000 or no licence, seeding nothing", async () => {
    const { licence } = await t.licence();
    for (const argv of [
      ['--licence', String(licence.id), '--profile', 'peer-150k'],
      ['--licence', String(licence.id), '--candidates', '10001'],
      ['--licence', String(licence.id), '--candidates', '0'],
      ['--licence', '-1'],
      [],
    ]) {
      const out = await run('seed', ...argv);
      expect(out.code, argv.join(' ')).toBe(2);
      expect(out.output).toContain('Usage: npm run cli');
    }
    const { candidates } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    expect(await t.db.$count(candidates, eq(candidates.licenceId, licence.id))).toBe(0);
  });
});
