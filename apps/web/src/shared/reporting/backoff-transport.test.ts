import { describe, expect, it, vi } from 'vitest';
import { makeBackoffTransport } from './backoff-transport';

const envelope = [{}, []] as unknown as Parameters<
  ReturnType<ReturnType<typeof makeBackoffTransport>>['send']
>[0];

describe('the error reporter back-off (SPEC section 9)', () => {
  it('stops sending after a 400, 401 or 429 for a growing delay, and resumes after success', async () => {
    let now = 0;
    const statuses = [429, 200, 401, 200, 400];
    const send = vi.fn(async () => ({ statusCode: statuses.shift() }));
    const transport = makeBackoffTransport(
      () => ({ send, flush: async () => true }),
      () => now,
    )({});

    await transport.send(envelope); // 429: pause 1 s
    now = 500;
    await transport.send(envelope); // dropped
    expect(send).toHaveBeenCalledTimes(1);
    now = 1_000;
    await transport.send(envelope); // 200: back to normal
    await transport.send(envelope); // 401: pause 1 s again
    now = 1_999;
    await transport.send(envelope); // dropped
    expect(send).toHaveBeenCalledTimes(3);
    now = 2_000;
    await transport.send(envelope); // 200
    await transport.send(envelope); // 400
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('doubles the pause on repeated refusals', async () => {
    let now = 0;
    const send = vi.fn(async () => ({ statusCode: 429 }));
    const transport = makeBackoffTransport(
      () => ({ send, flush: async () => true }),
      () => now,
    )({});
    await transport.send(envelope); // pause 1 s
    now = 1_000;
    await transport.send(envelope); // pause 2 s
    now = 2_500;
    await transport.send(envelope); // dropped
    expect(send).toHaveBeenCalledTimes(2);
    now = 3_000;
    await transport.send(envelope);
    expect(send).toHaveBeenCalledTimes(3);
  });
});
