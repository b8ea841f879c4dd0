import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withOrganisation } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation;
withOrganisation((made) => ({ t, org } = made));

/** What must never survive a save: anything that runs script or loads from an unchecked scheme. */
const FORBIDDEN = [
  /<script/i,
  /\son\w+=/i,
  /javascript:/i,
  /<svg/i,
  /data:/i,
  /<iframe/i,
  /<style/i,
  /style=/i,
  /vbscript:/i,
];

/** Hostile content, and what the stored content must be (or contain). */
const PAYLOADS: { name: string; content: string; stored: string }[] = [
  { name: 'script tag', content: '<p>Hi</p><script>alert(1)</script>', stored: '<p>Hi</p>' },
  { name: 'script split by case', content: '<ScRiPt>alert(1)</ScRiPt><p>ok</p>', stored: '<p>ok</p>' },
  { name: 'onerror on an image', content: '<img src=x onerror=alert(1)>', stored: '' },
  {
    name: 'onerror on a real image',
    content: '<img src="https://cdn.test/a.png" onerror="alert(1)">',
    stored: '<img src="https://cdn.test/a.png" />',
  },
  { name: 'onclick on a paragraph', content: '<p onclick="alert(1)">x</p>', stored: '<p>x</p>' },
  { name: 'javascript: link', content: '<a href="javascript:alert(1)">x</a>', stored: '<a>x</a>' },
  { name: 'javascript: in mixed case', content: '<a href="JaVaScRiPt:alert(1)">x</a>', stored: '<a>x</a>' },
  {
    name: 'javascript: with an encoded tab',
    content: '<a href="java&#x09;script:alert(1)">x</a>',
    stored: '<a>x</a>',
  },
  {
    name: 'javascript: with leading spaces',
    content: '<a href="  javascript:alert(1)">x</a>',
    stored: '<a>x</a>',
  },
  { name: 'vbscript: link', content: '<a href="vbscript:msgbox(1)">x</a>', stored: '<a>x</a>' },
  {
    name: 'SVG with onload',
    content: '<svg onload="alert(1)"><circle r="1"/></svg><p>after</p>',
    stored: '<p>after</p>',
  },
  {
    name: 'SVG with a script inside',
    content: '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>',
    stored: '',
  },
  { name: 'data: image', content: '<img src="data:image/svg+xml;base64,PHN2Zz4=">', stored: '' },
  {
    name: 'data: link',
    content: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    stored: '<a>x</a>',
  },
  { name: 'iframe', content: '<iframe src="https://evil.test"></iframe><p>x</p>', stored: '<p>x</p>' },
  { name: 'style element', content: '<style>body{display:none}</style><p>x</p>', stored: '<p>x</p>' },
  {
    name: 'style attribute',
    content: '<p style="background:url(javascript:alert(1))">x</p>',
    stored: '<p>x</p>',
  },
  { name: 'form', content: '<form action="https://evil.test"><input name="q"></form>', stored: '' },
  { name: 'protocol-relative link', content: '<a href="//evil.test">x</a>', stored: '<a>x</a>' },
  {
    name: 'meta refresh',
    content: '<meta http-equiv="refresh" content="0;url=https://evil.test">',
    stored: '',
  },
  { name: 'object', content: '<object data="https://evil.test/x.swf"></object>', stored: '' },
  {
    name: 'math with a link',
    content: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    stored: '',
  },
];

describe('sanitisation of a template (XSS payloads)', () => {
  for (const payload of PAYLOADS) {
    it(`stores ${payload.name} harmless, on create and on update`, async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/email_templates',
        headers: org.alice.headers,
        payload: { name: payload.name, content: payload.content },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().content).toBe(payload.stored);
      for (const pattern of FORBIDDEN) expect(created.json().content).not.toMatch(pattern);

      const updated = await t.app.inject({
        method: 'PATCH',
        url: `/api/email_templates/${created.json().id}`,
        headers: org.alice.headers,
        payload: { content: `<p>before</p>${payload.content}` },
      });
      expect(updated.json().content).toBe(`<p>before</p>${payload.stored}`);
    });
  }

  it('keeps everything the editor writes: marks, headings, quote, lists, code, line, links and images', async () => {
    const editorHtml = [
      '<h1>Title</h1><h2>Sub</h2><h3>Part</h3>',
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br />next line</p>',
      '<blockquote><p>quoted</p></blockquote>',
      '<ul><li><p>one</p></li></ul><ol start="2"><li><p>two</p></li></ol>',
      '<pre><code>x = 1</code></pre><hr />',
      '<p><a href="https://vivier.test/jobs" target="_blank" rel="noopener noreferrer nofollow">job</a> ',
      '<a href="mailto:hr@vivier.test">mail us</a></p>',
      '<img src="https://cdn.test/logo.png" alt="Logo" />',
    ].join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email_templates',
      headers: org.alice.headers,
      payload: { name: 'Everything', content: editorHtml },
    });
    expect(res.json().content).toBe(editorHtml);
  });
});
