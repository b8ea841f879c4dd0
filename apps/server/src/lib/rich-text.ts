import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/**
 * What the rich-text editor writes (SPEC section 2, "Rich-text editor toolbar": bold, italic, underline,
 * strike-through, headings, paragraph, quote, lists, code, horizontal line, link, image by URL), and nothing
 * else. `b`, `i`, `strike` and `del` come from signatures written elsewhere (Gmail).
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'hr',
  'a',
  'img',
];

const LINK = /^(https?:|mailto:)/i;
const IMAGE = /^https?:/i;

/** Keeps an absolute address of an allowed scheme; a relative one would mean nothing in a mail. */
const absolute = (value: string | undefined, scheme: RegExp) => {
  const trimmed = value?.trim();
  return trimmed && scheme.test(trimmed) ? trimmed : undefined;
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: {},
  // The content of a dropped script, style or similar goes with it; other dropped tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'title', 'svg', 'math', 'iframe'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = absolute(attribs.href, LINK);
      const link: Record<string, string> = href ? { href } : {};
      if (href && attribs.target === '_blank') {
        link.target = '_blank';
        link.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: link };
    },
    img: (tagName, attribs) => {
      const src = absolute(attribs.src, IMAGE);
      const { alt, title, width, height } = attribs;
      const kept = Object.entries({ src, alt, title, width, height }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      );
      return { tagName, attribs: Object.fromEntries(kept) };
    },
  },
  // An image whose address did not survive shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Sanitises rich text (an email template's content, a signature) with the editor's allow-list: no script,
 * event handler, style, SVG, frame or form survives, links are http, https or mailto, images http or https.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(divsToLines(html), OPTIONS);
}

/**
 * A note's allow-list (issue 21): the editor's, plus the mention nodes TipTap's Mention extension writes,
 * `<span data-type="mention" data-id="7" data-label="Ana">@Ana</span>`. Any other span keeps only its text.
 */
const NOTE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...ALLOWED_TAGS, 'span'],
  allowedAttributes: {
    ...OPTIONS.allowedAttributes,
    span: ['data-type', 'data-id', 'data-label', 'class'],
  },
  transformTags: {
    ...OPTIONS.transformTags,
    span: (tagName, attribs) => {
      const id = attribs['data-id'] ?? '';
      if (attribs['data-type'] !== 'mention' || !/^[0-9]{1,10}$/.test(id)) return { tagName, attribs: {} };
      const label = attribs['data-label'];
      return {
        tagName,
        attribs: {
          'data-type': 'mention',
          'data-id': id,
          class: 'mention',
          ...(label === undefined ? {} : { 'data-label': label }),
        },
      };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) ||
    (frame.tag === 'span' && !frame.attribs['data-type'] && !frame.text.trim()),
};

/** Sanitises a note: the editor's allow-list and mention nodes (ids kept, checked by the notes service). */
export function sanitizeNote(html: string): string {
  return sanitizeHtml(html, NOTE_OPTIONS);
}

/** The user ids a sanitised note's mention nodes name, each once, in order. */
export function mentionedIds(html: string): number[] {
  const ids = new Set<number>();
  const parser = new Parser({
    onopentag: (name, attribs) => {
      if (name === 'span' && attribs['data-type'] === 'mention') {
        const id = Number(attribs['data-id']);
        if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
      }
    },
  });
  parser.end(html);
  return [...ids];
}

/**
 * A signature written in Gmail is lines of (nested) `<div>`, which the editor does not have: each boundary of
 * a div becomes one line break, so the lines stay apart. What this leaves is sanitised like any other input.
 * The div tags are found by htmlparser2 (the tokenizer sanitize-html uses), in one linear pass: a regular
 * expression such as `<\/?div\b[^>]*>` rescans the rest of the text at every `<div` without a `>` and took
 * seconds on `'<div '.repeat(20000)` (issue 18).
 */
function divsToLines(html: string): string {
  if (!/<div\b/i.test(html)) return html;
  const cuts: [number, number][] = [];
  const parser = new Parser({
    onopentag: (name) => {
      if (name === 'div') cuts.push([parser.startIndex, parser.endIndex + 1]);
    },
    onclosetag: (name, isImplied) => {
      if (name === 'div' && !isImplied) cuts.push([parser.startIndex, parser.endIndex + 1]);
    },
  });
  parser.end(html);
  const lines: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    lines.push(html.slice(from, start));
    from = end;
  }
  lines.push(html.slice(from));
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('<br />');
}

const BLOCK_END = /<\/(p|h[1-6]|blockquote|pre|ul|ol)>/gi;
const LINE_END = /<\/li>|<br\s*\/?>|<hr\s*\/?>/gi;
const LINK_TAG = /<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;
const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The plain-text part of a message from its sanitised HTML: a blank line after each block, a line per list
 * item or line break, no markup. A link keeps its address in brackets, so a reader without HTML can still
 * follow it.
 */
export function richTextToPlain(html: string): string {
  const marked = html
    .replace(LINK_TAG, (_, href: string, text: string) => (text.includes(href) ? text : `${text} (${href})`))
    .replace(BLOCK_END, (tag) => `${tag}\n\n`)
    .replace(LINE_END, (tag) => `${tag}\n`);
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return text
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPES[entity] ?? entity)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
