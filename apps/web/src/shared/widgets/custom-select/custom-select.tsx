import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's Select with the spec's texts: 'Please select one' and 'Nothing else to show' (SPEC section 2). */
export function CustomSelect(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      searchable
      placeholder={t('common.pleaseSelectOne')}
      nothingFoundMessage={t('common.nothingElseToShow')}
      {...props}
    />
  );
}
