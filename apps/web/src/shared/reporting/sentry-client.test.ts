import { describe, expect, it, vi } from 'vitest';

const init = vi.fn();
vi.mock('@sentry/react', () => ({
  init,
  makeFetchTransport: vi.fn(),
  captureMessage: vi.fn(),
  captureException: vi.fn(),
  setUser: vi.fn(),
}));

const { initSentry } = await import('./sentry-client');

type Options = {
  dsn: string;
  sampleRate: number;
  maxBreadcrumbs: number;
  maxValueLength: number;
  transport: unknown;
  beforeSend: (event: { request?: { url?: string } }) => { request?: { url?: string } };
  beforeBreadcrumb: (crumb: { data?: { url?: string } }) => { data?: { url?: string } };
};

describe('the error reporter settings (SPEC section 9)', () => {
  initSentry('https://key@sentry.example/1');
  const options = init.mock.calls[0]?.[0] as Options;

  it('keeps 100 breadcrumbs, samples every event, 50 stack frames', () => {
    expect(options.dsn).toBe('https://key@sentry.example/1');
    expect(options.maxBreadcrumbs).toBe(100);
    expect(options.sampleRate).toBe(1);
    expect((Error as ErrorConstructor & { stackTraceLimit?: number }).stackTraceLimit).toBe(50);
    expect(typeof options.transport).toBe('function');
  });

  it('cuts URLs at 250 characters', () => {
    const long = `https://vivier.example/${'x'.repeat(400)}`;
    expect(options.maxValueLength).toBe(250);
    expect(options.beforeSend({ request: { url: long } }).request?.url).toHaveLength(250);
    expect(options.beforeBreadcrumb({ data: { url: long } }).data?.url).toHaveLength(250);
    expect(options.beforeSend({ request: { url: '/short' } }).request?.url).toBe('/short');
  });
});
