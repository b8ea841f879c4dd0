import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Company, companyKeys } from './company';

/**
 * POST /companies `{name}`: answers the existing company when the name is taken (ignoring case), 403 when the
 * company creation rule forbids the caller. A failure toasts 'The company could not be created or updated'.
 */
export const createCompany = (name: string): Promise<Company> =>
  withErrorToast(() => call(routes.companies.create, { body: { name } }), i18n.t('errors.companySave'));

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
