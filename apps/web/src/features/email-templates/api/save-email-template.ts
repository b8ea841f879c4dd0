import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateInput } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { showToast } from '../../../shared/notifications/toast';
import {
  type EmailTemplate,
  emailTemplateKeys,
} from '../../../shared/resources/email-templates/email-template';

export type TemplateFields = Required<EmailTemplateInput>;

/**
 * POST /email_templates (no id) or PATCH /email_templates/{id}: toasts 'Email template sucessfully saved', or
 * on failure 'The email template could not be saved' (SPEC section 8).
 */
export async function saveEmailTemplate({
  id,
  fields,
}: {
  id: number | null;
  fields: TemplateFields;
}): Promise<EmailTemplate> {
  const saved = await withErrorToast(
    () =>
      id === null
        ? call(routes.emailTemplates.create, { body: fields })
        : call(routes.emailTemplates.update, { params: { id }, body: fields }),
    i18n.t('errors.templateSave'),
  );
  showToast(i18n.t('emailTemplates.saved'), 'success');
  return saved;
}

/**
 * Saves a template and puts it in the cached list at once (sorted by name, as the server lists them). The list
 * is refetched in the background, not awaited: the modal shows the saved template as soon as the save answers,
 * so what the person types after the toast is an edit of it. Awaiting the refetch (every page of every template,
 * slower as templates pile up and the machine is busy) left the 'new' form on screen meanwhile, and its edits
 * were thrown away when the refetch ended (the flaky browser test of issue 19 item 11).
 */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: (saved) => {
      queryClient.setQueryData<EmailTemplate[]>(emailTemplateKeys.list(), (list = []) =>
        [...list.filter((item) => item.id !== saved.id), saved].sort((a, b) =>
          a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
        ),
      );
      void refetchAfterWrite(queryClient, { queryKey: emailTemplateKeys.list() });
    },
  });
}
