import { Select, Skeleton, Stack } from '@mantine/core';
import type { ExportFormat } from '@vivier/contract';
import { EXPORT_FORMATS } from '@vivier/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/resources/settings/get-settings';
import { useMe } from '../../../shared/resources/users/get-me';
import { SignatureEditor } from '../../../shared/widgets/signature-editor/signature-editor';
import { useUpdateMySettings } from '../api/update-my-settings';

/**
 * User settings (SPEC section 2), for every user: the personal export format (none means the licence's
 * default) saved on change, and the email signature (shared/widgets/signature-editor: fetched from Gmail after a
 * Google sign-in, else the stored one; saved with its button).
 */
export function UserSettingsPanel() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { data: settings } = useSettings();
  const update = useUpdateMySettings();

  if (!me) return <Skeleton height={200} radius="md" />;

  const licenceFormat = settings?.data.find((setting) => setting.name === 'export')?.value;
  const formatLabel = (format: string) =>
    EXPORT_FORMATS.includes(format as ExportFormat)
      ? t(`settings.formats.${format as ExportFormat}`)
      : format;

  return (
    <Stack gap="md">
      <Select
        label={t('settings.exportFormat')}
        description={t('settings.exportFormatHint')}
        allowDeselect={false}
        value={me.settings.export.type ?? ''}
        data={[
          { value: '', label: t('settings.licenceDefault', { format: formatLabel(licenceFormat ?? '') }) },
          ...EXPORT_FORMATS.map((format) => ({ value: format, label: formatLabel(format) })),
        ]}
        onChange={(value) =>
          void update
            .mutateAsync({ id: me.id, export: { type: value ? (value as ExportFormat) : null } })
            .catch(() => {})
        }
      />
      <SignatureEditor />
    </Stack>
  );
}
