// No zod here: the web app imports this list at run time (`@vivier/contract/template-variables`), and a
// screen that needs only the names should not carry the schema library.

/**
 * The variables a template may hold, each written `[:name:]` (SPEC section 3, Email template). When a message
 * is rendered for a candidate every token is replaced: an unknown token or a missing value becomes an empty
 * string, so no raw `[:token:]` ever reaches a recipient.
 * - `first_name`, `last_name`: the candidate's, else the manual data's.
 * - `title`: the profile's title, else the manual title.
 * - `last_company`: the most recent experience's company; `last_companies_2` / `_3`: the 2 or 3 most recent
 *   companies, joined with ', '.
 * - `last_school`: the most recent education's school; `last_school_2` / `_3`: the 2 or 3 most recent schools,
 *   joined with ', '.
 * - `interview_date`, `interview_time` (in the candidate's time zone, with its name), `interview_place` (the
 *   address, phone number or video link), `interviewers` (names joined with ', '): filled in an interview's
 *   invitation (issue 27), empty in any other message.
 */
export const TEMPLATE_VARIABLES = [
  'first_name',
  'last_name',
  'title',
  'last_company',
  'last_companies_2',
  'last_companies_3',
  'last_school',
  'last_school_2',
  'last_school_3',
  'interview_date',
  'interview_time',
  'interview_place',
  'interviewers',
] as const;

export type TemplateVariableName = (typeof TEMPLATE_VARIABLES)[number];
