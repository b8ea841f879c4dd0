import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLicenceUsers } from '../../../../shared/resources/users/get-licence-users';

export interface AssignedUsersPickerProps {
  value: number[];
  onChange: (userIds: number[]) => void;
}

/**
 * The assigned users picker (SPEC section 2): 'Assign users', options labelled by email, 'No more users found'.
 * The users list is refetched when older than 10 minutes (SPEC section 7).
 */
export function AssignedUsersPicker({ value, onChange }: AssignedUsersPickerProps) {
  const { t } = useTranslation();
  const users = useLicenceUsers();
  const data = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.email }));
  return (
    <MultiSelect
      label={t('jobOffers.form.assignedUsers')}
      placeholder={t('jobOffers.form.assignUsers')}
      nothingFoundMessage={t('jobOffers.form.noMoreUsers')}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      hidePickedOptions
      clearable
    />
  );
}
