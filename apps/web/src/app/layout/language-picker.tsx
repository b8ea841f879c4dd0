import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../shared/i18n/i18n';
import { useAppStore } from '../../shared/store/app-store';

/** Language names are shown in their own language, whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/** Sets the context language, which overrides the browser's (SPEC section 1). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const setContext = useAppStore((state) => state.setContext);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <NativeSelect
      size="xs"
      label={t('nav.language')}
      value={current}
      data={Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) setContext({ language });
      }}
    />
  );
}
