/**
 * SPEC section 8 "Silent failures": tag errors and the job offer form's fetch errors go to the console only,
 * with no toast. The failure is rethrown so the caller still knows.
 */
export async function withSilentFailure<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    console.error(error);
    throw error;
  }
}
