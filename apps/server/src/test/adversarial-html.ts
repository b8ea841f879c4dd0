import { CONTENT_MAX } from '@vivier/contract';

/** `unit` repeated to just under `max` characters. */
const fill = (unit: string, max = CONTENT_MAX, prefix = '', suffix = '') =>
  prefix + unit.repeat(Math.floor((max - prefix.length - suffix.length) / unit.length)) + suffix;

/**
 * Rich text of the largest size the API accepts (CONTENT_MAX characters) built to make an HTML parser or a
 * regular expression work hardest (issue 18): used by the event-loop test, the fuzz suite and the benchmark.
 * `'<div '.repeat(20000)` alone held the event loop 2.3 s before the div lines were found by htmlparser2.
 */
export const ADVERSARIAL_HTML: Record<string, string> = {
  'unclosed div tags': fill('<div '),
  'unclosed inline tags': fill('<p><b><i><u><s>'),
  'deep nesting': fill('<blockquote><ul><li>'),
  'many attributes': fill('a="1" ', CONTENT_MAX, '<img src="https://x.test/a.png" ', '>'),
  'lone angle brackets': fill('<'),
  'unclosed links': fill('<a href="https://x.test/">'),
  'comments and entities': fill('<!--&amp;&#x26;&lt;'),
  'variables everywhere': fill('[:first_name:][:'),
};
