import { routes } from '@vivier/contract/routes';
import { describe, expect, it } from 'vitest';
import { lastFetch, stubFetch } from '../../test/fetch-stub';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { useAppStore } from '../store/app-store';
import { type BodyOf, call, callAll, callPage, callWithHeaders, pathOf } from './call';

const fetchMock = stubFetch({ session: 'reset-before' });

const lastCall = () => lastFetch(fetchMock);

describe('call', () => {
  it('fills and encodes path parameters, sends the body snake_cased and reads the answer camelCased', async () => {
    const user = sessionUser();
    useAppStore.getState().setUser(user);
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 7, company_id: null, created_at: 'x' }));
    const offer = await call(routes.jobOffers.update, {
      params: { id: 7 },
      query: { embed: ['company', 'tags'] },
      body: { jobOffer: { emailTemplateId: 3, assignedUsers: [1] } },
    });
    expect(offer).toMatchObject({ id: 7, companyId: null, createdAt: 'x' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/job_offers/7?embed[]=company&embed[]=tags');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({
      job_offer: { email_template_id: 3, assigned_users: [1] },
    });
    expect(headers.get('Authorization')).toBe(`Bearer ${user.jwt}`);
  });

  it('encodes each path parameter, camelCase names included', async () => {
    expect(pathOf(routes.auth.forgotPassword, { email: 'a b/c@d.e' })).toBe(
      '/password/forgot/a%20b%2Fc%40d.e',
    );
    expect(pathOf(routes.candidates.attachTag, { candidateId: 4, tagId: 9 })).toBe('/candidates/4/tags/9');
    expect(() => pathOf(routes.jobOffers.get, {})).toThrow('Bad route');
  });

  it('serialises the query as the client always has: snake_case keys, brackets', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: [], total_count: 0 }));
    await call(routes.jobApplications.listOfOffer, {
      params: { id: 3 },
      query: { filters: { withStatusId: 4, search: 'a b' }, embed: ['status'] },
    });
    expect(lastCall().url).toBe(
      '/api/job_offers/3/job_applications?filters[with_status_id]=4&filters[search]=a%20b&embed[]=status',
    );
  });

  it('sends a public route without the session, and an authenticated one with it', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'ok' }));
    await call(routes.auth.forgotPassword, { params: { email: 'a@b.c' } });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('goes to the service the route names (SPEC section 7)', async () => {
    useAppStore.getState().setUser(sessionUser());
    useAppStore.getState().setLicence({
      id: 1,
      name: 'Acme',
      apiUrl: 'https://data.example',
      creditsMax: 10,
      creditsUsed: 0,
      planType: 'recurrent',
      renewPeriod: 'monthly',
    });
    fetchMock.mockResolvedValue(jsonResponse({ data: [] }));
    await call(routes.statuses.list);
    expect(lastCall().url).toBe('https://data.example/statuses');
    await call(routes.users.me);
    expect(lastCall().url).toBe('/api/users/me');
  });

  it('answers the headers too, and pages and lists read them', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ data: [{ id: 1, name: 'a' }], total_count: 1 }, 200, { 'X-Total-Count': '1' }),
    );
    const { data, headers } = await callWithHeaders(routes.tags.list);
    expect(data.data[0]?.name).toBe('a');
    expect(headers.get('X-Total-Count')).toBe('1');

    fetchMock.mockResolvedValueOnce(jsonResponse({ data: [{ id: 2, name: 'b' }], total_count: 41 }));
    const page = await callPage(routes.companies.list, 2, 20, { query: { filters: { search: 'b' } } });
    expect(page).toEqual({ data: [{ id: 2, name: 'b' }], totalCount: 41 });
    expect(lastCall().url).toBe('/api/companies?filters[search]=b&page=2&per_page=20');

    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ data: [{ id: 1, name: 'a' }], total_count: 2 }, 200, {
          Link: '</api/tags?page=2>; rel="next"',
        }),
      )
      .mockResolvedValueOnce(jsonResponse({ data: [{ id: 2, name: 'b' }], total_count: 2 }));
    expect((await callAll(routes.tags.list)).map((tag) => tag.name)).toEqual(['a', 'b']);
  });

  it('types the input and the answer from the table', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ created: 1, duplicates: [] }));
    const body: BodyOf<typeof routes.jobApplications.bulkCreate> = {
      jobOfferId: 1,
      statusId: 2,
      candidatesIds: [3],
    };
    const result = await call(routes.jobApplications.bulkCreate, { body });
    expect(result.created).toBe(1);
    const misspelt = { jobOfferId: 1, statusId: 2, candidateIds: [3] };
    // @ts-expect-error the contract's field is `candidatesIds`
    await call(routes.jobApplications.bulkCreate, { body: misspelt });
    // @ts-expect-error `owned_by_me` takes 'true' or 'false'
    await call(routes.jobOffers.list, { query: { filters: { ownedByMe: true } } });
    // @ts-expect-error a route with a path parameter needs it (and fails before sending without one)
    await expect(call(routes.jobOffers.get, { query: {} })).rejects.toThrow('Bad route');
  });
});
