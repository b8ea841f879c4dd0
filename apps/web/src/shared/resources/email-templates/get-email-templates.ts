import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type EmailTemplate, emailTemplateKeys } from './email-template';

/**
 * GET /email_templates/, following the next links and merging every page (SPEC section 7); a failure toasts
 * 'The email templates could not be fetched'.
 */
export const getEmailTemplates = (): Promise<EmailTemplate[]> =>
  withErrorToast(() => callAll(routes.emailTemplates.list), i18n.t('errors.templatesFetch'));

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplateKeys.list(), queryFn: getEmailTemplates });

/** Every template of the licence, sorted by name by the server. */
export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
