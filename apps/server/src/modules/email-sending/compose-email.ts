import type { Candidate } from '@vivier/contract';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.ts';
import { renderHtml, renderText, variableValues } from '../email-templates/template-variables.ts';

export type TemplateParts = { subject: string; content: string };
export type ComposedEmail = { subject: string; html: string; text: string };

/**
 * One candidate's message: every variable of the subject and the content replaced with the candidate's data
 * (an empty value when missing), then the sender's signature appended. The result is sanitised once more:
 * a value placed by a variable can never open a door the stored template did not have.
 */
export function composeEmail(
  template: TemplateParts,
  candidate: Candidate,
  signature: string,
): ComposedEmail {
  const values = variableValues(candidate);
  const body = renderHtml(template.content, values);
  const html = sanitizeRichText(signature.trim() ? `${body}<br />${signature}` : body);
  return {
    subject: renderText(template.subject, values)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html,
    text: richTextToPlain(html),
  };
}
