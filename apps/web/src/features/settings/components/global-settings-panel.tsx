import { Group, Radio, Select, Skeleton, Stack } from '@mantine/core';
import type { SettingName } from '@vivier/contract';
import { EXPORT_FORMATS } from '@vivier/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/resources/settings/get-settings';
import { useStatuses } from '../../../shared/resources/statuses/get-statuses';
import { useUpdateSetting } from '../api/update-setting';
import { StatusesEditor } from './statuses-editor';

/** A choice between labelled values of one rule (SPEC section 6). */
function RuleChoice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Radio.Group label={label} value={value ?? null} onChange={onChange}>
      <Group gap="lg" mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Global settings, for admins only (SPEC section 6): the pipeline, the default export format, job offers
 * visibility ('Users can see all job offers?' Yes is transparent, No opaque), the contacted status, and the tag
 * and company creation rules. Each change is saved at once.
 */
export function GlobalSettingsPanel() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const { data: statuses } = useStatuses();
  const update = useUpdateSetting();
  if (!settings) return <Skeleton height={240} radius="md" />;

  const setting = (name: SettingName) => settings.data.find((item) => item.name === name);
  const change = (name: SettingName) => (value: string | number | null) => {
    const target = setting(name);
    if (target) update.mutate({ id: target.id, value });
  };
  const everyoneOrAdmins = (everyone: string, admins: string) => [
    { value: everyone, label: t('settings.everyone') },
    { value: admins, label: t('settings.adminsOnly') },
  ];

  return (
    <Stack gap="lg">
      <StatusesEditor />
      <Select
        label={t('settings.defaultExportFormat')}
        allowDeselect={false}
        value={setting('export')?.value ?? null}
        data={EXPORT_FORMATS.map((format) => ({ value: format, label: t(`settings.formats.${format}`) }))}
        onChange={(value) => value && change('export')(value)}
      />
      <RuleChoice
        label={t('settings.transparency')}
        value={setting('transparency')?.value}
        options={[
          { value: 'transparent', label: t('settings.yes') },
          { value: 'opaque', label: t('settings.no') },
        ]}
        onChange={change('transparency')}
      />
      <Select
        label={t('settings.contactedStatus')}
        description={t('settings.contactedStatusHint')}
        allowDeselect={false}
        value={setting('contacted_status')?.value ?? ''}
        data={[
          { value: '', label: t('settings.noContactedStatus') },
          ...(statuses ?? []).map((status) => ({ value: String(status.id), label: status.name })),
        ]}
        onChange={(value) => change('contacted_status')(value ? Number(value) : null)}
      />
      <RuleChoice
        label={t('settings.tagsRule')}
        value={setting('tags_rule')?.value}
        options={everyoneOrAdmins('createable', 'not-createable')}
        onChange={change('tags_rule')}
      />
      <RuleChoice
        label={t('settings.companyCreation')}
        value={setting('company_creation')?.value}
        options={everyoneOrAdmins('everyone', 'admins_only')}
        onChange={change('company_creation')}
      />
      <RuleChoice
        label={t('settings.avatarService')}
        value={setting('avatar_service')?.value ?? 'off'}
        options={[
          { value: 'gravatar', label: t('settings.yes') },
          { value: 'off', label: t('settings.no') },
        ]}
        onChange={change('avatar_service')}
      />
      <RuleChoice
        label={t('settings.auditRetention')}
        value={setting('audit_retention_months')?.value ?? '12'}
        options={['3', '6', '12', '24', '36', '60', '120'].map((months) => ({
          value: months,
          label: t('settings.months', { count: Number(months) }),
        }))}
        onChange={change('audit_retention_months')}
      />
    </Stack>
  );
}
