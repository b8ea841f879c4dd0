import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { enterOrganisation, type OrganisationChoice } from '../api/organisation-choice';
import { FormFailure } from './auth-parts';

/**
 * The address has an account in several organisations and the sign-in opened more than one: one button per
 * organisation, by name; the chosen one is entered (docs/decisions/136-accounts-per-licence.md).
 */
export function OrganisationChooser({ choice, onBack }: { choice: OrganisationChoice; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const enter = async (licenseId: number) => {
    setBusy(licenseId);
    setFailure(null);
    try {
      await enterOrganisation(choice.ticket, licenseId);
      void navigate('/', { replace: true });
    } catch (error) {
      console.error(error);
      setFailure(
        isApiError(error) && (error.kind === 'timeout' || error.kind === 'network')
          ? t('errors.noResponse')
          : t('auth.choiceExpired'),
      );
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('auth.chooseOrganisation')}</Text>
      {choice.organisations.map((organisation) => (
        <Button
          key={organisation.licenseId}
          variant="default"
          fullWidth
          loading={busy === organisation.licenseId}
          disabled={busy !== null && busy !== organisation.licenseId}
          onClick={() => void enter(organisation.licenseId)}
        >
          {organisation.name}
        </Button>
      ))}
      <FormFailure message={failure} />
      <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
        {t('auth.goBack')}
      </Anchor>
    </Stack>
  );
}
