import { afterEach, beforeEach, vi } from 'vitest';
import { logout } from '../shared/session/logout';
import { useAppStore } from '../shared/store/app-store';

interface FetchStubOptions {
  /**
   * 'end-after': the session is ended after each test, and console errors are silenced (the screens' tests);
   * 'reset-before': the store is emptied before each test (the HTTP client's tests).
   */
  session: 'end-after' | 'reset-before';
  /** More clean-up after each test, before the session ends (timers, storage, spies). */
  after?: () => void;
}

/**
 * A fake `fetch` for one test file: stubbed before each test, reset and unstubbed after it. The tests answer
 * with `fetchMock.mockResolvedValueOnce(jsonResponse(...))` and read what was sent with `lastFetch`.
 */
export function stubFetch({ session, after }: FetchStubOptions) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    if (session === 'end-after') vi.spyOn(console, 'error').mockImplementation(() => {});
    else {
      useAppStore.getState().reset();
      useAppStore.setState({ maintenance: null, pendingRequests: 0 });
    }
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    after?.();
    if (session === 'end-after') logout();
  });
  return fetchMock;
}

/** The URL, options and headers of the last request a fake `fetch` received. */
export function lastFetch(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  const sent = fetchMock.mock.calls.at(-1);
  if (!sent) throw new Error('fetch was not called');
  const [url, init] = sent;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}
