import { useTranslation } from 'react-i18next';
import { registerApplicationTexts } from '../../../shared/widgets/careers-application/i18n';
import { sourceLabel } from '../../../shared/widgets/careers-application/source-label';
import { CustomSelect } from '../../../shared/widgets/custom-select/custom-select';
import { useCandidateSources } from '../api/get-candidate-sources';

registerApplicationTexts();

/**
 * The filter by where candidates applied from (issue 23): the licence's sources with their candidate counts,
 * 'All sources' when cleared (the clear button, or choosing the selected source again: Mantine hides its clear
 * button from assistive technologies). A source in the address that no application has any more is still offered, so
 * the select says what the list is filtered by.
 */
export function SourceFilter({ value, onChange }: { value: string; onChange: (source: string) => void }) {
  const { t } = useTranslation();
  const sources = useCandidateSources().data?.data ?? [];
  const options = sources.map(({ source, count }) => ({
    value: source,
    label: t('applications.sourceOption', { source: sourceLabel(source, t), count }),
  }));
  if (value && !sources.some((item) => item.source === value)) {
    options.push({ value, label: sourceLabel(value, t) });
  }
  // A licence nobody applied to through its careers site has nothing to filter by.
  if (options.length === 0) return null;
  return (
    <CustomSelect
      aria-label={t('applications.sourceFilter')}
      placeholder={t('applications.allSources')}
      data={options}
      value={value || null}
      onChange={(source) => onChange(source ?? '')}
      clearable
      searchable={false}
      w={220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
