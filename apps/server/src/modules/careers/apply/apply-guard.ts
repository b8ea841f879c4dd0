import { createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../http/app-error.ts';
import { type RateLimitStore, rateLimiter } from '../../../lib/rate-limit.ts';

/** The window of the per-address counters: ten minutes. */
const WINDOW_SECONDS = 600;
/** A form older than this is stale (its token no longer counts as filled by a person). */
const FORM_TOKEN_MAX_AGE_MS = 24 * 3600_000;
/** How long a proof-of-work challenge may be solved and sent. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/**
 * The proof of work's size: the solver tries at most this many SHA-256 hashes, half on average (a fraction of a
 * second in a browser, a real cost to a bot sending thousands).
 */
const CHALLENGE_MAX_NUMBER = 50_000;

/** What the guard makes of a sent form: send it on, ask for a proof of work first, or drop it quietly (a bot). */
export type Verdict = { kind: 'pass' } | { kind: 'challenge'; challenge: Challenge } | { kind: 'trap' };

/** The fields the guard reads, as the form sent them. */
export type GuardFields = { formToken: string; honeypot: string; proof: string };

/**
 * The apply form's spam protection without a third party (issue 23, decision 191):
 * - a **honeypot** field people never see: filled, the form is answered as sent and nothing is written;
 * - a **minimum fill time**: the form carries when it was served, signed; sent sooner (or with a token that is
 *   not ours) it must come with a proof of work;
 * - a **per-address count** over ten minutes: the first `freePerWindow` applications go through, the next need a
 *   proof of work, past `maxPerWindow` the address gets 429;
 * - the **proof of work** (altcha): a signed challenge the page's script solves, each solution good once.
 */
export function applyGuard(options: {
  secret: string;
  store: RateLimitStore;
  limits: Config['careersApply'];
  now?: () => number;
}) {
  const { secret, store, limits } = options;
  const now = options.now ?? Date.now;
  const free = rateLimiter(store, { max: limits.freePerWindow, windowSeconds: WINDOW_SECONDS });
  const max = rateLimiter(store, { max: limits.maxPerWindow, windowSeconds: WINDOW_SECONDS });
  const proofsUsed = rateLimiter(store, { max: 1, windowSeconds: WINDOW_SECONDS * 2 });
  const sign = (text: string) =>
    createHmac('sha256', secret).update(`apply-form:${text}`).digest('base64url');

  const tokenAge = (token: string, formKey: string) => {
    const [issued = '', signature = ''] = token.split('.');
    if (!/^\d{1,15}$/.test(issued)) return undefined;
    const expected = Buffer.from(sign(`${formKey}:${issued}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return now() - Number(issued);
  };

  const challenge = () =>
    createChallenge({
      hmacKey: secret,
      maxnumber: CHALLENGE_MAX_NUMBER,
      expires: new Date(now() + CHALLENGE_TTL_MS),
    });

  /** A proof of work that is ours, unexpired and not used before (used once, it is spent). */
  const proofHolds = async (proof: string) => {
    if (proof === '' || proof.length > 2000) return false;
    let valid = false;
    try {
      valid = await verifySolution(proof, secret, true);
    } catch {
      return false;
    }
    if (!valid) return false;
    const attempt = await proofsUsed.take(`apply-proof:${proof}`);
    return attempt.allowed;
  };

  return {
    /** The hidden token a form is served with: when, signed for this form (the offer it applies to). */
    formToken: (formKey: string) => {
      const issued = String(now());
      return `${issued}.${sign(`${formKey}:${issued}`)}`;
    },

    /** A challenge to serve with a form that must be sent with a proof of work. */
    challenge,

    /**
     * Counts the address's attempt, first thing: past the hard limit it is 429 (taken back, so a blocked
     * address's retries do not push its window further). Answers whether the attempt is within the free ones.
     */
    async admit(address: string) {
      const hard = await max.take(`apply-max:${address}`);
      if (!hard.allowed) {
        await hard.release();
        throw new AppError('rate_limited', 'Too many applications from this address', {
          headers: { 'retry-after': String(hard.retryAfter) },
        });
      }
      const within = await free.take(`apply-free:${address}`);
      return { free: within.allowed };
    },

    /** The verdict on a sent form, once its fields are read. */
    async judge(fields: GuardFields, formKey: string, admitted: { free: boolean }): Promise<Verdict> {
      if (fields.honeypot.trim() !== '') return { kind: 'trap' };
      const age = tokenAge(fields.formToken, formKey);
      const humanPace = age !== undefined && age >= limits.minFillMs && age <= FORM_TOKEN_MAX_AGE_MS;
      if (humanPace && admitted.free) return { kind: 'pass' };
      if (await proofHolds(fields.proof)) return { kind: 'pass' };
      return { kind: 'challenge', challenge: await challenge() };
    },
  };
}

export type ApplyGuard = ReturnType<typeof applyGuard>;
