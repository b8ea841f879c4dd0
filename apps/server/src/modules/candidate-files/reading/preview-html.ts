import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../../lib/escape-html.ts';

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

/**
 * A converted document as a page of its own, sanitised (decision 186): the allow-list above, no script, no
 * link, no image, no style, no outside resource (the web app frames it from a blob: URL, which takes the
 * app's own CSP: an inline style would be refused there). The route's CSP forbids them again; this is the first of the two walls.
 */
export function previewPage(html: string, lang = 'und') {
  const body = sanitizeHtml(html, OPTIONS);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body>${body}</body></html>`;
}

/** Text (an ODT's) as a page: escaped, in paragraphs. */
export const textPage = (text: string) =>
  previewPage(
    text
      .split(/\n{2,}|\n/)
      .filter((line) => line.trim())
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
  );
