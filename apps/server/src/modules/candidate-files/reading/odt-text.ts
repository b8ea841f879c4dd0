import { Parser } from 'htmlparser2';

// The ODF elements that end a line of text, and the ones that stand for white space (ODF 1.3, section 6).
const BLOCKS = new Set(['text:p', 'text:h', 'text:list-item', 'table:table-row']);
const SPACES: Record<string, string> = { 'text:tab': '\t', 'text:line-break': '\n', 'text:s': ' ' };

/**
 * The text of an ODT's content.xml: its paragraphs and headings one a line, tabs and spaces as written.
 * htmlparser2 in XML mode (already the rich-text module's parser) streams it without building a tree.
 */
export function odtContentText(xml: string): string {
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const space = SPACES[name];
        if (space === ' ') text += ' '.repeat(Math.max(1, Number(attributes['text:c'] ?? 1) || 1));
        else if (space) text += space;
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) text += '\n';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return text;
}
