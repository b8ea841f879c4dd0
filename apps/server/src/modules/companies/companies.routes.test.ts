import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create: post, update: rename } = resourceRequests(() => t, '/api/companies');
const namesOf = async (licenceId: number) =>
  (await t.db.select({ name: companies.name }).from(companies).where(eq(companies.licenceId, licenceId)))
    .map((c) => c.name)
    .sort();

// Creating, listing and renaming are the named lists' (db/named-catalog.test.ts); here, who may write.
describe('POST and PATCH /api/companies', () => {
  describe('with company_creation = admins_only', () => {
    beforeAll(() => setSetting(t, org.licence.id, 'company_creation', 'admins_only'));
    afterAll(() => setSetting(t, org.licence.id, 'company_creation', 'everyone'));

    it('answers 403 to a user and creates nothing; an admin still creates', async () => {
      const refused = await post(org.alice.headers, { name: 'Refused Ltd' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'forbidden',
        message: 'Only an admin can create or rename a company',
      });
      expect(await namesOf(org.licence.id)).not.toContain('Refused Ltd');
      expect((await post(org.admin.headers, { name: 'Admin Ltd' })).statusCode).toBe(201);
    });

    it('answers 403 to a user renaming a company', async () => {
      const company = (await post(org.admin.headers, { name: 'Locked name' })).json();
      expect((await rename(org.alice.headers, company.id, { name: 'Changed' })).statusCode).toBe(403);
      expect((await rename(org.admin.headers, company.id, { name: 'Changed by admin' })).statusCode).toBe(
        200,
      );
    });

    it("leaves another licence's rule alone", async () => {
      expect((await post(other.alice.headers, { name: 'Still allowed' })).statusCode).toBe(201);
    });
  });
});
