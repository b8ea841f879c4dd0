const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text safe in an element's content or a quoted attribute, in HTML and XML alike: the one escape of the server's
 * hand-made markup (careers pages, sitemaps, mails, previews). One pass of a single-character class, so its cost
 * follows the text's length whatever it holds.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
