import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidContact } from '@vivier/contract/contact-patterns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { notifyError } from '../../../shared/api/notify-error';
import { showToast } from '../../../shared/notifications/toast';
import { useCreditsLeft } from '../../../shared/resources/licence/get-licence';
import { useTags } from '../../../shared/resources/tags/get-tags';
import { useCreateCandidate } from '../api/create-candidate';
import { registerCandidateDialogTexts } from './candidate-dialogs-i18n';

registerCandidateDialogTexts();

const isEmail = (value: string) => isValidContact('email', value.trim());
const isPhone = (value: string) => isValidContact('phone', value.trim());

export interface CandidateFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Shows the candidate that already has the email typed (a 409 names it): the screen searches it. */
  onShowDuplicate: (email: string) => void;
}

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  title: '',
  company: '',
  linkedinUrl: '',
  tagIds: [] as string[],
};
const orNull = (value: string) => value.trim() || null;

/**
 * The 'New candidate' form (beyond the spec: the database needs a way in). It checks what SPEC section 5 checks
 * for contacts ('Invalid email format', 'Invalid phone format') and asks for a name or an email. A candidate
 * whose email the licence already has is named, not created twice; adding one costs a licence credit.
 */
export function CandidateFormModal({ opened, onClose, onShowDuplicate }: CandidateFormModalProps) {
  const { t } = useTranslation();
  const tags = useTags(opened);
  const create = useCreateCandidate();
  // Said where the person decides (issue 19 item 2): a new candidate spends a credit of the licence.
  const left = useCreditsLeft();
  const [duplicateId, setDuplicateId] = useState<number | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      email: (value) => (value.trim() && !isEmail(value) ? t('candidates.form.invalidEmail') : null),
      phone: (value) => (value.trim() && !isPhone(value) ? t('candidates.form.invalidPhone') : null),
      firstName: (value, values) =>
        !value.trim() && !values.lastName.trim() && !values.email.trim()
          ? t('candidates.form.nameOrEmail')
          : null,
    },
  });

  const close = () => {
    form.reset();
    setDuplicateId(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setDuplicateId(null);
    try {
      const candidate = await create.mutateAsync({
        firstName: orNull(values.firstName),
        lastName: orNull(values.lastName),
        title: orNull(values.title),
        company: orNull(values.company),
        linkedinUrl: orNull(values.linkedinUrl),
        emails: values.email.trim() ? [values.email.trim()] : [],
        phones: values.phone.trim() ? [values.phone.trim()] : [],
        tagIds: values.tagIds.map(Number),
      });
      showToast(t('candidates.form.created', { name: candidate.fullName }), 'success');
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && typeof error.body.candidateId === 'number') {
        setDuplicateId(error.body.candidateId);
        form.setFieldError('email', t('candidates.form.duplicate'));
      } else notifyError(error, t('candidates.form.saveFailed'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('candidates.form.title')} size="lg">
      <form onSubmit={submit} aria-label={t('candidates.form.title')} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('candidates.form.firstName')}
              {...form.getInputProps('firstName')}
              data-autofocus
            />
            <TextInput label={t('candidates.form.lastName')} {...form.getInputProps('lastName')} />
            <TextInput label={t('candidates.form.email')} type="email" {...form.getInputProps('email')} />
            <TextInput label={t('candidates.form.phone')} type="tel" {...form.getInputProps('phone')} />
            <TextInput label={t('candidates.form.title_')} {...form.getInputProps('title')} />
            <TextInput label={t('candidates.form.company')} {...form.getInputProps('company')} />
          </SimpleGrid>
          <TextInput
            label={t('candidates.form.linkedin')}
            type="url"
            {...form.getInputProps('linkedinUrl')}
          />
          <MultiSelect
            label={t('candidates.form.tags')}
            placeholder={t('candidates.form.tagsPlaceholder')}
            data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
            searchable
            {...form.getInputProps('tagIds')}
          />
          {duplicateId !== null && (
            <Alert color="orange" variant="light">
              <Group justify="space-between">
                {t('candidates.form.duplicate')}
                <Button
                  size="xs"
                  variant="white"
                  onClick={() => {
                    onShowDuplicate(form.values.email.trim());
                    close();
                  }}
                >
                  {t('candidates.form.showDuplicate')}
                </Button>
              </Group>
            </Alert>
          )}
          {left !== undefined && (
            <Text size="sm" c="gray.8">
              {t('candidates.form.cost', { count: left })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('candidates.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('candidates.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
