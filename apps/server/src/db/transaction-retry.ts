import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './database.ts';

/** SQLSTATEs PostgreSQL answers when it broke a deadlock (40P01) or refused a serialisation (40001). */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts of one transaction in all: the first and up to three retries. */
export const TRANSACTION_ATTEMPTS = 4;

/** The SQLSTATE of an error or of the driver error Drizzle wrapped in it. */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a failed transaction may simply run again: PostgreSQL rolled it back to break a deadlock or a conflict. */
export const isRetryableTransactionError = (error: unknown) => RETRYABLE.has(sqlStateOf(error) ?? '');

/**
 * Makes `db.transaction` (the outermost one: a transaction's own `transaction` is a savepoint and is left as it
 * is) run its callback again, up to TRANSACTION_ATTEMPTS times in all, when PostgreSQL rolled it back to break a
 * deadlock or a serialisation conflict (issue 18 section 5): the user gets the write, not an `internal_error`.
 * The lock order of decision 115 makes deadlocks rare; this is the one place that handles the rest.
 *
 * A CALLBACK MAY THEREFORE RUN MORE THAN ONCE. It must act only through its `tx`: no mail, no HTTP call, no
 * background task, no state outside it that a rolled-back attempt would leave behind (a cache filled inside the
 * transaction must be refilled by the next attempt, as `ImportTags.resolve` does). Work outside the database
 * goes before the transaction or after it commits.
 */
export function retryTransactions(db: Db): Db {
  const once = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(callback, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
        // A short random pause, growing, so the two sides of a deadlock do not meet again at once.
        await sleep(Math.round((5 + Math.random() * 20) * attempt));
      }
    }
  };
  db.transaction = retrying;
  return db;
}
