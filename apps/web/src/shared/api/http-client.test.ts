import { describe, expect, it, vi } from 'vitest';
import { lastFetch, stubFetch } from '../../test/fetch-stub';
import { jsonResponse, makeJwt, sessionUser } from '../../test/fixtures';
import { useAppStore } from '../store/app-store';
import { ApiError } from './api-error';
import { createServiceClient } from './http-client';

const fetchMock = stubFetch({ session: 'reset-before', after: () => vi.useRealTimers() });
const client = createServiceClient(() => 'http://localhost:3000/api');

const lastCall = () => lastFetch(fetchMock);

describe('the HTTP client', () => {
  it('sends snake_case, reads camelCase, with the bearer token of the session', async () => {
    const user = sessionUser();
    useAppStore.getState().setUser(user);
    fetchMock.mockResolvedValueOnce(jsonResponse({ job_offer: { id: 3, created_at: 'x' } }));
    const answer = await client.post('/job_offers', { jobOffer: { companyId: 2, assignedUsers: [1] } });
    expect(answer).toEqual({ jobOffer: { id: 3, createdAt: 'x' } });
    const { url, init, headers } = lastCall();
    expect(url).toBe('http://localhost:3000/api/job_offers');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ job_offer: { company_id: 2, assigned_users: [1] } });
    expect(headers.get('Authorization')).toBe(`Bearer ${user.jwt}`);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('serialises query parameters in bracket form and snake_case', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: [] }));
    await client.get('/candidates', {
      query: { ids: [1, 2], filters: { withStatusId: 4, search: 'a b' }, embed: ['job_offer'] },
    });
    expect(lastCall().url).toBe(
      'http://localhost:3000/api/candidates?ids[]=1&ids[]=2&filters[with_status_id]=4&filters[search]=a%20b&embed[]=job_offer',
    );
  });

  it('sends no Authorization header on calls made with auth: false', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'ok' }));
    await client.get('/password/forgot/a%40b.c', { auth: false });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it("fails with 'Bad route' and 'No base URL' before sending anything", async () => {
    await expect(client.get('job_offers')).rejects.toThrow('Bad route');
    await expect(createServiceClient(() => undefined).get('/x')).rejects.toThrow('No base URL');
    await expect(createServiceClient(() => '').get('/x')).rejects.toThrow('No base URL');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forces https on a remote base URL but not on loopback or relative ones', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await createServiceClient(() => 'http://api.example.com/v1').get('/license');
    expect(lastCall().url).toBe('https://api.example.com/v1/license');
    await createServiceClient(() => 'http://127.0.0.1:3000/api').get('/license');
    expect(lastCall().url).toBe('http://127.0.0.1:3000/api/license');
    await createServiceClient(() => '/api').get('/license');
    expect(lastCall().url).toBe('/api/license');
  });

  it('gives up after 5000 ms with an ECONNABORTED error, recorded with its date', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = client.get('/license');
    const outcome = expect(call).rejects.toMatchObject({ kind: 'timeout', code: 'ECONNABORTED' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(useAppStore.getState().pendingRequests).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(useAppStore.getState().pendingRequests).toBe(0);
    const [entry] = useAppStore.getState().errors;
    expect(entry?.error).toBeInstanceOf(ApiError);
    expect(entry?.date).toBeInstanceOf(Date);
  });

  it('records an HTTP error with the server body, and a network failure as such', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'conflict', message: 'Email taken' }, 409));
    const error = await client.post('/users', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      errorCode: 'conflict',
      serverMessage: 'Email taken',
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.get('/users/')).rejects.toMatchObject({ kind: 'network', code: 'ERR_NETWORK' });
    expect(useAppStore.getState().errors).toHaveLength(2);
  });

  it('logs out on a 401 answer to an authenticated call', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'unauthorized', message: 'Bad token' }, 401));
    await expect(client.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(useAppStore.getState().user).toBeNull();
  });

  it('enters the maintenance state on a 503 with its data', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: 'maintenance', message: 'Back soon', break_at: '2026-11-22T10:00:00Z', duration: 30 },
        503,
      ),
    );
    await expect(client.get('/license')).rejects.toMatchObject({ status: 503 });
    expect(useAppStore.getState().maintenance).toEqual({ breakAt: '2026-11-22T10:00:00Z', duration: 30 });
  });

  it('asks a read the server shed again after its Retry-After, twice at most, and never a write', async () => {
    vi.useFakeTimers();
    const shed = () =>
      jsonResponse({ error: 'overloaded', message: 'The server is busy' }, 503, { 'Retry-After': '1' });
    fetchMock.mockResolvedValueOnce(shed()).mockResolvedValueOnce(jsonResponse({ id: 7 }));
    const read = client.get('/license');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useAppStore.getState().errors).toEqual([]);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => shed());
    const busy = client.get('/license');
    const refused = expect(busy).rejects.toMatchObject({ status: 503, errorCode: 'overloaded' });
    await vi.advanceTimersByTimeAsync(2000);
    await refused;
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockClear();
    await expect(client.post('/job_offers', { jobOffer: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('getAll follows Link rel="next" and merges every page', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ data: [{ id: 1 }], total_count: 3 }, 200, {
          Link: '<http://localhost:3000/api/tags?page=2>; rel="next"',
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse({ data: [{ id: 2 }], total_count: 3 }, 200, { Link: '</api/tags?page=3>; rel="next"' }),
      )
      .mockResolvedValueOnce(jsonResponse({ data: [{ id: 3 }], total_count: 3 }));
    expect(await client.getAll('/tags')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'http://localhost:3000/api/tags',
      'http://localhost:3000/api/tags?page=2',
      'http://localhost:3000/api/tags?page=3',
    ]);
  });

  it('getPage sends page and per_page and reads data and totalCount', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: [{ first_name: 'Ada' }], total_count: 41 }));
    const page = await client.getPage('/users/', 2, 20, { query: { filters: { search: 'ad' } } });
    expect(page).toEqual({ data: [{ firstName: 'Ada' }], totalCount: 41 });
    expect(lastCall().url).toBe('http://localhost:3000/api/users/?filters[search]=ad&page=2&per_page=20');
  });

  it('refreshes the access token first when it expires within 2 s, once for concurrent calls', async () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(1), 'refresh-old'));
    const fresh = makeJwt(900);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/users/refresh/')
        ? jsonResponse({ jwt: fresh, token: 'refresh-new' })
        : jsonResponse({}),
    );
    await Promise.all([client.get('/license'), client.get('/users/me')]);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes('/users/refresh/'))).toEqual(['/api/users/refresh/refresh-old']);
    const refreshInit = fetchMock.mock.calls.find(([url]) => String(url).includes('/refresh/'))?.[1];
    expect(new Headers(refreshInit?.headers).has('Authorization')).toBe(false);
    const state = useAppStore.getState();
    expect(state.user?.jwt).toBe(fresh);
    expect(state.user?.token).toBe('refresh-new');
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('does not refresh a token that is still good', async () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(60)));
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.get('/license');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('logs out when the refresh token is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    useAppStore.getState().setUser(sessionUser(makeJwt(-10)));
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'invalid_token', message: 'Reused' }, 401));
    await expect(client.get('/license')).rejects.toMatchObject({ status: 401 });
    expect(useAppStore.getState().user).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
