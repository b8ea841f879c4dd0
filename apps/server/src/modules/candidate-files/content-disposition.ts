/**
 * `Content-Disposition: attachment` for a file's name as its uploader gave it (RFC 6266): `filename*` carries
 * it whole in UTF-8, percent-encoded so no quote, semicolon or line break of the name can end the header;
 * `filename` is a plain ASCII fallback for old clients. Neither is ever a path: a browser keeps the base name.
 */
export function attachment(name: string, kind: 'attachment' | 'inline' = 'attachment') {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^[.\s]+/, '') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
