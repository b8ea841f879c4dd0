/**
 * Whether an error is PostgreSQL's unique violation (23505), on the error or its causes (drizzle wraps the
 * driver's): two requests raced for one unique value, which a check before the write had found free.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
