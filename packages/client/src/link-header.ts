/** Reads the `rel="next"` target of an RFC 8288 `Link` header, or undefined when there is none. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const [, target, params = ''] = match;
    if (/;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(params)) return target;
  }
  return undefined;
}
