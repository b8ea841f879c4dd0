import sanitizeHtml from 'sanitize-html';

/**
 * What the rich-text editor produces (SPEC section 2's toolbar: bold, italic, underline, strike-through,
 * headings, paragraph, quote, lists, code, horizontal line, link, image) and nothing else: no script, no
 * style, no event handler, no `javascript:` link. Every stored rich text goes through here (DESIGN section 2).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // An image needs an absolute address: a relative one means nothing in a mail or another page.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https?:\/\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens a new tab must not hand the opener to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
};

/** The HTML with only what the editor can produce. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
