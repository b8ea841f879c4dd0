const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The service base URLs are forced to https (SPEC section 7), except relative URLs (same origin as the page) and
 * loopback hosts, where a developer or the browser tests run plain http.
 */
export function forceHttps(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return url;
  }
  if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname)) parsed.protocol = 'https:';
  return parsed.toString().replace(/\/$/, '');
}

/** Joins a base URL and a route path with exactly one slash between them. */
export const joinUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
