import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerTokens } from './answer-token.ts';

describe('interview answer tokens', () => {
  const tokens = answerTokens(randomBytes(32));
  const ends = new Date('2030-03-05T10:00:00Z');

  it('open the interview they were made for until its end, and nothing else', () => {
    const token = tokens.make(7, 42, ends);
    expect(tokens.check(token, 42, new Date('2030-03-05T09:59:00Z'))).toBe(7);
    expect(tokens.check(token, 42, new Date('2030-03-05T10:00:01Z'))).toBeUndefined();
    expect(tokens.check(token, 43, new Date('2030-03-01T00:00:00Z'))).toBeUndefined();
    // The licence or the expiry changed in the token: the MAC no longer matches.
    const [exp, , mac] = token.split('.');
    expect(tokens.check(`${exp}.8.${mac}`, 42, new Date('2030-03-01T00:00:00Z'))).toBeUndefined();
    expect(
      tokens.check(`${Number(exp) + 86_400}.7.${mac}`, 42, new Date('2030-03-01T00:00:00Z')),
    ).toBeUndefined();
    expect(tokens.check('garbage', 42)).toBeUndefined();
  });

  it('are not good under another server secret', () => {
    const token = tokens.make(7, 42, ends);
    expect(answerTokens(randomBytes(32)).check(token, 42, new Date('2030-03-01T00:00:00Z'))).toBeUndefined();
  });
});
