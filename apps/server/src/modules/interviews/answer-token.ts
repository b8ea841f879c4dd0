import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The candidate's link to answer an interview (issue 27, decision 202): `{expires}.{mac}` where the MAC binds
 * its purpose, the licence, the interview and the expiry under a key derived from the server secret. It is
 * good for that one interview only (another interview's id with it fails the MAC: 404) and until the
 * interview's end; nothing is stored, so a reschedule mails a new link and the old one ends with the old time.
 */
export type AnswerTokens = {
  make(licenceId: number, interviewId: number, expires: Date): string;
  /** The licence of a token good for `interviewId` now, else undefined. */
  check(token: string, interviewId: number, now?: Date): number | undefined;
};

const TOKEN = /^(\d{1,12})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

export function answerTokens(serverSecret: Uint8Array): AnswerTokens {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'vivier', 'vivier interview answer v1', 32));
  const mac = (licenceId: number, interviewId: number, expires: number) =>
    createHmac('sha256', key).update(`interview-answer\n${licenceId}\n${interviewId}\n${expires}`).digest();
  return {
    make(licenceId, interviewId, expires) {
      const seconds = Math.ceil(expires.getTime() / 1000);
      return `${seconds}.${licenceId}.${mac(licenceId, interviewId, seconds).toString('base64url')}`;
    },
    check(token, interviewId, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const seconds = Number(match[1]);
      const licenceId = Number(match[2]);
      if (seconds * 1000 <= now.getTime()) return undefined;
      const given = Buffer.from(match[3] ?? '', 'base64url');
      const expected = mac(licenceId, interviewId, seconds);
      return given.length === expected.length && timingSafeEqual(given, expected) ? licenceId : undefined;
    },
  };
}
