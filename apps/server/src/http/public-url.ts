import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';

/** Hosts that mean "this machine" to the people it serves: links to them read http://localhost:PORT. */
const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

/**
 * The origin people reach Vivier at, for links in mail: `VIVIER_PUBLIC_URL`, else
 * the address this server listens on (`http://localhost:PORT` by default). Never a request's Host header: a
 * forged Host would put an attacker's site into a password-reset link mailed to someone else (issue 7).
 */
export function publicOrigin(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  listening: AddressInfo | string | null,
): string {
  if (config.publicUrl) return config.publicUrl;
  const port = typeof listening === 'object' && listening ? listening.port : config.port;
  const host = LOCAL_HOSTS.has(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}
