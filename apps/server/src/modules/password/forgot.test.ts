import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { closedSmtpUrl, startSmtp } from '../../test/smtp.ts';

/**
 * `GET /password/forgot/{email}` (issue 7 section 2): the answer tells nothing, not even by its speed, and a
 * mail server that is down or refuses is logged, never a 500.
 */
const SENT = {
  message: 'If an account exists for this address, an email with a recovery link has been sent',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('a known and an unknown address', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that takes 1.5 s to accept a message: an answer that waited for it would show it.
    smtp = await startSmtp({ delayMs: 1500 });
    t = await createTestApp({ SMTP_URL: smtp.url, VIVIER_PUBLIC_URL: 'https://vivier.example' });
    await t.licence();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('get the same answer in the same time, and only the known one gets a mail', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ url: `/api/password/forgot/${email}` });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      // Each measure starts on a server at rest: the previous mail has left.
      await t.settled();
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed('admin@org1.test'));
      unknown.push(await timed(`nobody${i}@nowhere.test`));
    }
    expect(Math.max(...known, ...unknown)).toBeLessThan(1000);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
    expect(smtp.received).toHaveLength(3);
    for (const mail of smtp.received) expect(mail).toContain('admin@org1.test');
  });
});

describe('a mail server that fails', () => {
  const cases = [
    {
      name: 'is down (nothing listens on its port)',
      start: async () => ({ url: await closedSmtpUrl(), close: async () => {} }),
    },
    { name: 'refuses the recipient', start: () => startSmtp({ refuse: true }) },
  ];

  for (const { name, start } of cases) {
    it(`answers the same message when it ${name}, and logs the failure without the address`, async () => {
      const smtp = await start();
      const s = await createTestApp({ SMTP_URL: smtp.url }, { captureLogs: true });
      try {
        await s.licence();
        const res = await s.app.inject({ url: '/api/password/forgot/admin@org1.test' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(SENT);
        await s.settled();
        const failure = s.logs().find((line) => line.msg === 'the password recovery mail failed');
        expect(failure).toMatchObject({ level: 50, failure: { message: expect.any(String) } });
        expect(JSON.stringify(failure)).not.toContain('admin@org1.test');
        expect(s.outbox()).toHaveLength(0);
      } finally {
        await s.close();
        await smtp.close();
      }
    });
  }
});
