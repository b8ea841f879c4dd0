/** SPEC section 7: the signature call gives up after 5000 ms. */
export const SIGNATURE_TIMEOUT_MS = 5_000;

type Log = { warn(obj: object, msg: string): void };

/**
 * The signature Gmail keeps for the address (`GET gmail/v1/users/me/settings/sendAs/{email}`, SPEC section 7),
 * read with the user's Google access token. Undefined when Gmail does not answer, refuses the token or has
 * no signature: the caller falls back to the stored one. The token is never logged.
 */
export async function fetchGmailSignature(
  baseUrl: string,
  email: string,
  accessToken: string,
  log: Log,
): Promise<string | undefined> {
  const url = `${baseUrl}/gmail/v1/users/me/settings/sendAs/${encodeURIComponent(email)}`;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(SIGNATURE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'the Gmail signature could not be read');
      return undefined;
    }
    const body: unknown = await response.json();
    const signature =
      typeof body === 'object' && body !== null && 'signature' in body ? body.signature : undefined;
    return typeof signature === 'string' && signature.trim() !== '' ? signature : undefined;
  } catch (error) {
    log.warn(
      { reason: error instanceof Error ? error.name : 'unknown' },
      'the Gmail signature could not be read',
    );
    return undefined;
  }
}
