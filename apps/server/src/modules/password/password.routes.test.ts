import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_PUBLIC_URL: 'https://vivier.example' });
});
afterAll(() => t.close());

const linkIn = (mail: string) => {
  // The .eml body may be quoted-printable: undo soft line breaks before reading the link.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text.match(/https:\/\/vivier\.example\/reset_password\/([A-Za-z0-9_-]+)/)?.[1];
};

describe('password recovery', () => {
  it('mails a single-use link that sets a new password, ends old sessions, and then works for login', async () => {
    await t.licence();
    const session = await t.login('admin@org1.test');
    const forgot = await t.app.inject({ url: '/api/password/forgot/admin@org1.test' });
    expect(forgot.statusCode).toBe(200);
    await t.settled();
    const mails = t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: admin@org1.test');
    const token = linkIn(mails[0] ?? '');
    expect(token).toBeDefined();

    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/password/${token}`,
      payload: { password: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'admin@org1.test', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    await t.login('admin@org1.test', 'a brand new secret');
    // The session from before the reset is over: its refresh token, and its access token at once.
    expect((await t.app.inject({ url: `/api/users/refresh/${session.token}` })).statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/users/me', headers: t.auth(session.jwt) });
    expect(me.statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/password/${token}`,
      payload: { password: 'yet another secret' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      error: 'reset_token_invalid',
      message: 'Your recovery link has expired, please request a new one',
    });
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const before = t.outbox().length;
    const known = await t.app.inject({ url: '/api/password/forgot/admin@org1.test' });
    const unknown = await t.app.inject({ url: '/api/password/forgot/nobody@nowhere.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.settled();
    expect(t.outbox()).toHaveLength(before + 1);
  });

  it('refuses an expired link', async () => {
    await t.app.inject({ url: '/api/password/forgot/admin@org1.test' });
    await t.settled();
    const token = linkIn(t.outbox().at(-1) ?? '');
    const { passwordResetTokens } = await import('../../db/schema/index.ts');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/password/${token}`,
      payload: { password: 'too late secret' },
    });
    expect(res.statusCode).toBe(410);
  });

  it('refuses a too short, a too long or a common password with a 400 and changes nothing', async () => {
    await t.app.inject({ url: '/api/password/forgot/admin@org1.test' });
    await t.settled();
    const token = linkIn(t.outbox().at(-1) ?? '');
    const problems: Record<string, string> = {
      short: 'too_short',
      ['x'.repeat(129)]: 'too_long',
      // On the list in lowercase: the check ignores case.
      Password1: 'too_common',
      SUNSHINE: 'too_common',
    };
    for (const [password, problem] of Object.entries(problems)) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/password/${token}`,
        payload: { password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        details: [{ path: 'body.password', problem }],
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'admin@org1.test', password },
      });
      expect(login.statusCode, password).toBe(401);
    }
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/password/${token}`,
      payload: { password: 'long enough now' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('mail through SMTP_URL', () => {
  it('delivers the recovery mail to a real SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const s = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      VIVIER_PUBLIC_URL: 'https://vivier.example',
    });
    try {
      await s.licence();
      expect((await s.app.inject({ url: '/api/password/forgot/admin@org1.test' })).statusCode).toBe(200);
      await s.settled();
      expect(received).toHaveLength(1);
      expect(linkIn(received[0] ?? '')).toBeDefined();
      expect(s.outbox()).toHaveLength(0);
    } finally {
      await s.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
