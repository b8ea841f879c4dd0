import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/**
 * DELETE /email_templates/{id}: toasts 'Email template sucessfully deleted', or on failure 'The email template
 * could not be deleted' (SPEC section 8). The server unlinks the offers that used it.
 */
export async function deleteEmailTemplate(id: number): Promise<void> {
  await withErrorToast(
    () => call(routes.emailTemplates.remove, { params: { id } }),
    i18n.t('errors.templateDelete'),
  );
  showToast(i18n.t('emailTemplates.deleted'), 'success');
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<EmailTemplate[]>(emailTemplateKeys.list(), (list = []) =>
        list.filter((item) => item.id !== id),
      );
      // Offers linked to it lost their link on the server.
      return refetchAfterWrite(queryClient, { queryKey: emailTemplateKeys.all });
    },
  });
}
