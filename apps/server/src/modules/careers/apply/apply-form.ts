import {
  type ApplicationAnswer,
  CAREERS_PAGE_SOURCE,
  EMAIL_PATTERN,
  NAME_MAX,
  PHONE_PATTERN,
  SOURCE_PATTERN,
} from '@vivier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { type ReceivedFile, receiveFile } from '../../candidate-files/candidate-files.service.ts';
import type { FileStore } from '../../candidate-files/file-store.ts';
import type { ApplyQuestion } from './apply.queries.ts';

export const COVER_LETTER_MAX = 10_000;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 5_000;

/** Why a field was refused; the page says it in the visitor's language (careers-i18n.ts `fieldErrors`). */
export type FieldError =
  | 'required'
  | 'tooLong'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'invalidChoice'
  | 'consent'
  | 'cvType'
  | 'cvTooLarge'
  | 'cvEmpty';

/** A form as sent: its text fields (first value of each name), the CV stored if one was sent and taken. */
export type SentForm = {
  fields: Map<string, string>;
  /** Fields longer than the multipart limit: refused as too long, whatever their name. */
  truncated: Set<string>;
  cv: ReceivedFile | undefined;
  cvError: FieldError | undefined;
};

/** The multipart limits of the apply form: one file, the text fields of at most 20 questions and the rest. */
export const APPLY_MULTIPART_LIMITS = {
  files: 1,
  fields: 40,
  parts: 41,
  fieldSize: COVER_LETTER_MAX * 4,
  headerPairs: 50,
};

const CV_ERRORS: Record<string, FieldError> = {
  unsupported_file_type: 'cvType',
  payload_too_large: 'cvTooLarge',
  bad_request: 'cvEmpty',
};

/**
 * Reads the form's parts in order: text fields into a map, the `cv` part streamed to the file store as it
 * comes (never held whole) and checked (decision 184). A refused file is a field error, not a failure: the page
 * is shown again with it said beside the field.
 */
export async function readApplyForm(
  request: FastifyRequest,
  store: FileStore,
  maxFileBytes: number,
): Promise<SentForm> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Send the form as multipart/form-data');
  const form: SentForm = { fields: new Map(), truncated: new Set(), cv: undefined, cvError: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) form.truncated.add(part.fieldname);
        if (!form.fields.has(part.fieldname) && typeof part.value === 'string') {
          form.fields.set(part.fieldname, part.value);
        }
      } else if (part.fieldname !== 'cv' || part.filename === '' || form.cv) {
        part.file.resume(); // no file chosen, or a part the form does not have: drained, ignored
      } else {
        try {
          form.cv = await receiveFile(store, part, maxFileBytes);
        } catch (error) {
          const reason = error instanceof AppError ? CV_ERRORS[error.code] : undefined;
          if (!reason) throw error;
          form.cvError = reason;
        }
      }
    }
  } catch (error) {
    if (form.cv) await store.delete(form.cv.key);
    throw error;
  }
  return form;
}

/** What a valid form asks: the applicant, their answers, the source the link named. */
export type Application = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  coverLetter: string;
  answers: ApplicationAnswer[];
  source: string;
  cv: ReceivedFile;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** One line of text: control characters and line breaks out, spaces trimmed. */
const oneLine = (value: string) =>
  value
    .replace(CONTROL, '')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
/** Text with its line breaks kept, other control characters out. */
const multiLine = (value: string) => value.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim();

/**
 * The source as stored (issue 23): the link's `source` or `utm_source`, lower-cased, any other character a
 * hyphen; `careers_page` when none or nothing is left.
 */
export function sourceOf(value: string | undefined) {
  const folded = (value ?? '')
    .slice(0, 100)
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 50);
  return SOURCE_PATTERN.test(folded) ? folded : CAREERS_PAGE_SOURCE;
}

/** The form's values checked against the offer's questions: the application, or each field's error. */
export function checkApplication(
  form: SentForm,
  questions: ApplyQuestion[],
): { ok: true; application: Application } | { ok: false; errors: Map<string, FieldError> } {
  const errors = new Map<string, FieldError>();
  const value = (name: string) => form.fields.get(name) ?? '';
  const text = (name: string, max: number, required: boolean, clean = oneLine) => {
    const v = clean(value(name));
    if (form.truncated.has(name) || v.length > max) errors.set(name, 'tooLong');
    else if (required && v === '') errors.set(name, 'required');
    return v;
  };

  const firstName = text('first_name', NAME_MAX, true);
  const lastName = text('last_name', NAME_MAX, true);
  const email = text('email', 254, true);
  if (!errors.has('email') && !EMAIL_PATTERN.test(email)) errors.set('email', 'invalidEmail');
  const phone = text('phone', 40, true);
  if (!errors.has('phone') && !PHONE_PATTERN.test(phone)) errors.set('phone', 'invalidPhone');
  const coverLetter = text('cover_letter', COVER_LETTER_MAX, false, multiLine);
  if (value('consent') !== 'yes') errors.set('consent', 'consent');
  if (form.cvError) errors.set('cv', form.cvError);
  else if (!form.cv) errors.set('cv', 'required');

  const answers: ApplicationAnswer[] = [];
  for (const question of questions) {
    const name = `q_${question.id}`;
    const base = { question_id: question.id, kind: question.kind, label: question.label };
    if (question.kind === 'yes_no') {
      const v = value(name);
      if (v === 'yes' || v === 'no') answers.push({ ...base, answer: v === 'yes' });
      else if (v !== '') errors.set(name, 'invalidChoice');
      else if (question.required) errors.set(name, 'required');
      continue;
    }
    const long = question.kind === 'long_text';
    const v = text(
      name,
      long ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX,
      question.required,
      long ? multiLine : oneLine,
    );
    if (errors.has(name) || v === '') continue;
    if (question.kind === 'single_choice' && !question.choices.includes(v)) errors.set(name, 'invalidChoice');
    else answers.push({ ...base, answer: v });
  }

  if (errors.size > 0 || !form.cv) return { ok: false, errors };
  return {
    ok: true,
    application: {
      firstName,
      lastName,
      email,
      phone,
      coverLetter,
      answers,
      source: sourceOf(value('source')),
      cv: form.cv,
    },
  };
}
