import { useTranslation } from 'react-i18next';
import { CustomSelect } from '../../../shared/widgets/custom-select/custom-select';
import { LEGAL_BASES, type LegalBasisFilterValue } from './candidates-url-state';

/** The filter by legal basis (issue 24): consent or legitimate interest, 'Any legal basis' when cleared. */
export function LegalBasisFilter({
  value,
  onChange,
}: {
  value: LegalBasisFilterValue;
  onChange: (basis: LegalBasisFilterValue) => void;
}) {
  const { t } = useTranslation();
  const options = LEGAL_BASES.map((basis) => ({ value: basis, label: t(`candidates.legalBasis.${basis}`) }));
  return (
    <CustomSelect
      aria-label={t('candidates.legalBasis.filter')}
      placeholder={t('candidates.legalBasis.any')}
      data={options}
      value={value || null}
      onChange={(basis) => onChange(LEGAL_BASES.find((b) => b === basis) ?? '')}
      clearable
      searchable={false}
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
