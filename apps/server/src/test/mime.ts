/**
 * Reads a raw MIME message the way a test needs to: decoded headers and the decoded text and HTML parts.
 * Enough for what nodemailer writes (quoted-printable or base64 parts, RFC 2047 encoded words).
 */
export type ParsedMail = { headers: Record<string, string>; text: string; html: string };

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header, joined as RFC 2047 says. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function splitHeaders(block: string) {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  return { headers: splitHeaders(head), body };
}

function decodeBody(headers: Record<string, string>, body: string) {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitPart(raw);
  const parsed: ParsedMail = { headers, text: '', html: '' };
  const boundary = headers['content-type']?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => splitPart(part.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = part.headers['content-type'] ?? 'text/plain';
    const content = decodeBody(part.headers, part.body).replace(/\r?\n$/, '');
    if (type.startsWith('text/html')) parsed.html = content;
    else if (type.startsWith('text/plain')) parsed.text = content;
  }
  return parsed;
}
