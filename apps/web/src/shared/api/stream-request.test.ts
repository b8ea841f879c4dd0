import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { useAppStore } from '../store/app-store';
import { createServiceClient } from './http-client';

// The streamed GET behind the export (ServiceClient.stream): chunks as they come, errors as every call has them.
const fetchMock = stubFetch({ session: 'reset-before', after: () => vi.useRealTimers() });
const client = createServiceClient(() => 'http://localhost:3000/api');
const encoder = new TextEncoder();

/** A body that sends `parts`, one chunk each. */
function body(parts: string[]) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++];
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
  });
}

describe('ServiceClient.stream', () => {
  it('hands over the headers, then every chunk in order, with the session token and the query in brackets', async () => {
    const user = sessionUser();
    useAppStore.getState().setUser(user);
    fetchMock.mockResolvedValueOnce(
      new Response(body(['a;b\r\n', 'c;d\r\n']), { headers: { 'X-Total-Count': '1' } }),
    );
    const seen: string[] = [];
    const decoder = new TextDecoder();
    const { headers } = await client.stream(
      '/job_offers/3/export',
      {
        onHeaders: (h) => seen.push(`headers ${h.get('X-Total-Count')}`),
        onChunk: (chunk) => seen.push(decoder.decode(chunk)),
      },
      { query: { statuses: [1, 2] } },
    );
    expect(seen).toEqual(['headers 1', 'a;b\r\n', 'c;d\r\n']);
    expect(headers.get('X-Total-Count')).toBe('1');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://localhost:3000/api/job_offers/3/export?statuses[]=1&statuses[]=2');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${user.jwt}`);
    expect(useAppStore.getState().pendingRequests).toBe(0);
  });

  it('fails with the server error of a JSON answer, logging out on 401', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: 'not_found', message: 'Job offer not found' }, 404),
    );
    await expect(client.stream('/job_offers/9/export', { onChunk: () => {} })).rejects.toMatchObject({
      status: 404,
      errorCode: 'not_found',
    });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'unauthorized', message: 'Bad token' }, 401));
    await expect(client.stream('/job_offers/9/export', { onChunk: () => {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(useAppStore.getState().user).toBeNull();
  });

  it('keeps a slow file going, but gives up 5000 ms after the last chunk when it stalls', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      async (_url, init) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              init?.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('aborted', 'AbortError')),
              );
              // A chunk every 4 s for 12 s: never 5 s without data.
              for (const at of [4_000, 8_000, 12_000]) {
                setTimeout(() => controller.enqueue(encoder.encode(`${at}\n`)), at);
              }
            },
          }),
        ),
    );
    const chunks: number[] = [];
    const call = client.stream('/job_offers/3/export', { onChunk: (c) => chunks.push(c.byteLength) });
    const outcome = expect(call).rejects.toMatchObject({ kind: 'timeout', code: 'ECONNABORTED' });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(chunks).toHaveLength(3);
    expect(useAppStore.getState().pendingRequests).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
    expect(useAppStore.getState().pendingRequests).toBe(0);
    expect(useAppStore.getState().errors).toHaveLength(1);
  });
});
