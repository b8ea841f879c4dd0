import sanitizeHtml from 'sanitize-html';

// What mammoth writes for a document's structure; everything else (scripts, links, images, styles,
// attributes but table spans) is dropped, keeping the text.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'br',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'pre',
    'code',
  ],
  allowedAttributes: { td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

const STYLE =
  'body{font-family:system-ui,sans-serif;line-height:1.5;margin:1.5rem;max-width:48rem;color:#1a1b1e}' +
  'table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem}';

/**
 * A converted document as a page of its own, sanitised (decision 186): the allow-list above, no script, no
 * link, no image, no outside resource. The route's CSP forbids them again; this is the first of the two walls.
 */
export function previewPage(html: string, lang = 'und') {
  const body = sanitizeHtml(html, OPTIONS);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Text (an ODT's) as a page: escaped, in paragraphs. */
export const textPage = (text: string) =>
  previewPage(
    text
      .split(/\n{2,}|\n/)
      .filter((line) => line.trim())
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
  );
