import {
  Anchor,
  Button,
  ColorSwatch,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import {
  type CareersSiteFields,
  careersAddress,
  useCareersSite,
  useRemoveCareersLogo,
  useSaveCareersSite,
  useUploadCareersLogo,
} from '../../../shared/resources/careers-site/careers-site';
import { CareersConfirmationFields } from './careers-confirmation-fields';
import { registerCareersTexts } from './careers-site-i18n';

registerCareersTexts();

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * The licence's careers site (issue 23, admins): its address, introduction, colour, privacy notice and logo,
 * with the public link, and the confirmation mail applicants receive. The slug is proposed from the licence's
 * name until saved.
 */
export function CareersSitePanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const site = useCareersSite(opened);
  const save = useSaveCareersSite();
  const upload = useUploadCareersLogo();
  const removeLogo = useRemoveCareersLogo();
  const [fields, setFields] = useState<CareersSiteFields>();
  useEffect(() => {
    if (site.data && !fields) {
      const { slug, intro, colour, privacyNoticeUrl, confirmation } = site.data;
      setFields({ slug, intro, colour, privacyNoticeUrl: privacyNoticeUrl ?? '', confirmation });
    }
  }, [site.data, fields]);
  if (!fields || !site.data) return null;

  const slugProblem = SLUG.test(fields.slug) ? undefined : t('settings.careers.slugFormat');
  const url = fields.privacyNoticeUrl ?? '';
  const urlProblem =
    url === '' || /^https:\/\/\S+\.\S+$/i.test(url) ? undefined : t('settings.careers.httpsOnly');
  const colourProblem = /^#[0-9a-f]{6}$/.test(fields.colour) ? undefined : t('settings.careers.colourFormat');
  const link = careersAddress(site.data.publicPath);
  const set = (change: Partial<CareersSiteFields>) =>
    setFields((current) => current && { ...current, ...change });

  return (
    <Stack gap="sm">
      <Text size="sm">
        {site.data.saved ? t('settings.careers.online') : t('settings.careers.notSaved')}{' '}
        <Anchor href={link} target="_blank" rel="noopener" data-testid="careers-link">
          {link}
        </Anchor>
      </Text>
      <TextInput
        label={t('settings.careers.slug')}
        description={t('settings.careers.slugHint')}
        value={fields.slug}
        maxLength={64}
        error={slugProblem}
        onChange={(event) => set({ slug: event.currentTarget.value.toLowerCase() })}
      />
      <Textarea
        label={t('settings.careers.intro')}
        value={fields.intro}
        maxLength={5000}
        rows={4}
        onChange={(event) => set({ intro: event.currentTarget.value })}
      />
      <TextInput
        label={t('settings.careers.colour')}
        description={t('settings.careers.colourHint')}
        value={fields.colour}
        maxLength={7}
        error={colourProblem}
        leftSection={colourProblem ? undefined : <ColorSwatch color={fields.colour} size={18} />}
        onChange={(event) => set({ colour: event.currentTarget.value.toLowerCase() })}
      />
      <TextInput
        label={t('settings.careers.privacy')}
        description={t('settings.careers.privacyHint')}
        value={url}
        error={urlProblem}
        onChange={(event) => set({ privacyNoticeUrl: event.currentTarget.value })}
      />
      <Group gap="sm" align="center">
        {site.data.hasLogo && (
          <Image
            src={careersAddress(`${site.data.publicPath}/logo`)}
            alt={t('settings.careers.logo')}
            h={40}
            w="auto"
            fit="contain"
          />
        )}
        <FileButton
          accept="image/png,image/jpeg"
          onChange={(file) => {
            if (!file) return;
            if (file.size > LOGO_MAX_BYTES) showToast(t('settings.careers.logoTooLarge'), 'error');
            else upload.mutate(file);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="compact-sm" loading={upload.isPending}>
              {site.data?.hasLogo ? t('settings.careers.replaceLogo') : t('settings.careers.uploadLogo')}
            </Button>
          )}
        </FileButton>
        {site.data.hasLogo && (
          <Button variant="subtle" color="red.8" size="compact-sm" onClick={() => removeLogo.mutate()}>
            {t('settings.careers.removeLogo')}
          </Button>
        )}
        <Text size="xs" c="gray.8">
          {t('settings.careers.logoHint')}
        </Text>
      </Group>
      {fields.confirmation && (
        <CareersConfirmationFields
          value={fields.confirmation}
          onChange={(confirmation) => set({ confirmation })}
        />
      )}
      <Group>
        <Button
          size="compact-sm"
          disabled={Boolean(slugProblem || urlProblem || colourProblem)}
          loading={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync({ ...fields, privacyNoticeUrl: url.trim() || null });
              showToast(t('settings.careers.saved'), 'success');
            } catch {
              // toasted by the call
            }
          }}
        >
          {t('settings.careers.save')}
        </Button>
      </Group>
    </Stack>
  );
}
