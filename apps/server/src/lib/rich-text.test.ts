import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it("turns a Gmail signature's lines of <div> into line breaks", () => {
    expect(sanitizeRichText('<div dir="ltr"><div>Uma User</div><div><b>Recruiter</b></div></div>')).toBe(
      'Uma User<br /><b>Recruiter</b>',
    );
    expect(sanitizeRichText('<div>Line one<div>Line two</div></div>')).toBe('Line one<br />Line two');
  });

  it('keeps line breaks written on purpose', () => {
    expect(sanitizeRichText('<p>a<br><br>b</p>')).toBe('<p>a<br /><br />b</p>');
  });

  it('adds rel to a link that opens a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});

describe('richTextToPlain', () => {
  it('writes blocks apart, list items on their lines, links with their address, entities decoded', () => {
    const html =
      '<p>Hello &amp; <strong>welcome</strong>,</p><ul><li><p>one</p></li><li><p>two &lt;3</p></li></ul>' +
      '<p>See <a href="https://x.test/?a=1&amp;b=2">the offer</a> or <a href="https://y.test">https://y.test</a></p>' +
      '<hr /><p>Best<br />Uma</p>';
    expect(richTextToPlain(html)).toBe(
      'Hello & welcome,\n\none\n\ntwo <3\n\nSee the offer (https://x.test/?a=1&b=2) or https://y.test\n\nBest\nUma',
    );
  });

  it('answers an empty string for empty content', () => {
    expect(richTextToPlain('')).toBe('');
  });
});
