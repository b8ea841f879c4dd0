import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { invalidatingMutation } from '../../api/query-client';
import { type Company, companyKeys } from './company';

/**
 * POST /companies `{name}`: answers the existing company when the name is taken (ignoring case), 403 when the
 * company creation rule forbids the caller. A failure toasts 'The company could not be created or updated'.
 */
export const createCompany = (name: string): Promise<Company> =>
  callOrToast(routes.companies.create, { body: { name } }, 'errors.companySave');

export const useCreateCompany = () => useMutation(invalidatingMutation(createCompany, companyKeys.all));
