import { AppError } from '../../http/app-error.ts';

/** What a delivery keeps of the receiver's answer for the log. */
export const WEBHOOK_EXCERPT_BYTES = 1000;

/** The address forms of an allowed host (VIVIER_WEBHOOK_ALLOW_HOSTS): `localhost` is both loopbacks. */
export const allowedAddresses = (hosts: readonly string[]) =>
  hosts.flatMap((host) => (host === 'localhost' ? ['127.0.0.1', '::1'] : [host]));

/**
 * An endpoint's URL as saved (decision 199): https, or plain http to a host the operator allows (tests);
 * never credentials in it. Where it leads is checked again at each connection (lib/outgoing-http.ts), so a
 * private address saved here is refused there, and logged as a failed delivery.
 */
export function checkEndpointUrl(url: string, allowHosts: readonly string[]) {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const refuse = (message: string) =>
    new AppError('validation_error', `Invalid request: body.url ${message}`, {
      extra: { details: [{ path: 'body.url', problem: 'invalid', message }] },
    });
  if (target.username || target.password) throw refuse('must not carry credentials');
  if (target.protocol === 'https:') return;
  if (target.protocol === 'http:' && allowHosts.includes(host)) return;
  throw refuse('must be an https URL');
}
