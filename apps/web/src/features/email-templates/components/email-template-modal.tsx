import { Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailTemplates } from '../../../shared/resources/email-templates/get-email-templates';
import { useTemplatedJobOffer } from '../../../shared/resources/email-templates/get-templated-job-offer';
import { readsOnly, useViewer } from '../../../shared/resources/users/get-me';
import { CustomSelect } from '../../../shared/widgets/custom-select/custom-select';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { useLinkEmailTemplate } from '../api/link-email-template';
import { type TemplateFields, useSaveEmailTemplate } from '../api/save-email-template';
import { registerEmailTemplateTexts } from '../i18n';
import { TemplateForm } from './template-form';
import { baselineOf, initialSelection, type Selection, sameFields } from './template-selection';

registerEmailTemplateTexts();

export interface EmailTemplateModalProps {
  jobOfferId: number;
  onClose: () => void;
}

/**
 * The email template modal of a job offer (SPEC sections 2 and 4): select a template (which links it to the
 * offer, except on opening, which only shows the linked one), rename, delete, create, edit the subject and the
 * content with its variables, Reset and Save; saving a new template selects it; closing with unsaved edits
 * asks first.
 */
export function EmailTemplateModal({ jobOfferId, onClose }: EmailTemplateModalProps) {
  const { t } = useTranslation();
  const offer = useTemplatedJobOffer(jobOfferId);
  const templates = useEmailTemplates();
  const link = useLinkEmailTemplate();
  const save = useSaveEmailTemplate();
  const remove = useDeleteEmailTemplate();
  // The level 'Other' reads templates: no creating, saving, deleting or linking (decision 090).
  const readOnly = readsOnly(useViewer());
  const [chosen, setChosen] = useState<Selection | null>(null);
  const [draft, setDraft] = useState<{ over: TemplateFields; fields: TemplateFields } | null>(null);

  const list = templates.data ?? [];
  const ready = offer.data !== undefined && templates.data !== undefined;
  const selection = chosen ?? initialSelection(offer.data?.emailTemplateId, list);
  const baseline = baselineOf(selection, list);
  // A draft belongs to the saved fields it was written over; a template saved elsewhere starts it again.
  const fields = draft && baseline && sameFields(draft.over, baseline) ? draft.fields : baseline;
  const dirty = fields !== null && baseline !== null && !sameFields(fields, baseline);

  const mayLeave = () => !dirty || window.confirm(t('common.unsavedChanges'));
  const show = (next: Selection) => {
    setChosen(next);
    setDraft(null);
  };
  const linkTo = (emailTemplateId: number) =>
    link.mutateAsync({ jobOfferId, emailTemplateId }).catch(() => undefined);

  const select = (value: string | null) => {
    const id = Number(value);
    if (!value || !Number.isInteger(id) || (selection.mode === 'edit' && selection.id === id)) return;
    if (!mayLeave()) return;
    show({ mode: 'edit', id });
    if (!readOnly) void linkTo(id);
  };

  const saveDraft = async () => {
    if (!fields) return;
    const id = selection.mode === 'edit' ? selection.id : null;
    try {
      const saved = await save.mutateAsync({ id, fields });
      show({ mode: 'edit', id: saved.id });
      // Saving a new template selects it, and selecting links it (SPEC section 4).
      if (id === null) void linkTo(saved.id);
    } catch {
      // The failure was toasted; the draft stays for another try.
    }
  };

  const deleteSelected = async () => {
    if (selection.mode !== 'edit') return;
    await remove.mutateAsync(selection.id);
    show({ mode: 'none' });
  };

  const close = () => {
    if (mayLeave()) onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      size="xl"
      title={offer.data ? t('emailTemplates.titleFor', { name: offer.data.name }) : t('emailTemplates.title')}
    >
      {offer.isError || templates.isError ? (
        <Text c="gray.8" ta="center" py="md">
          {t('common.notFound')}
        </Text>
      ) : !ready ? (
        <Center py="xl">
          <Loader aria-label={t('emailTemplates.loading')} />
        </Center>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <CustomSelect
              label={t('emailTemplates.template')}
              data={list.map((template) => ({ value: String(template.id), label: template.name }))}
              value={selection.mode === 'edit' ? String(selection.id) : null}
              onChange={select}
              allowDeselect={false}
              style={{ flex: 1 }}
            />
            {!readOnly && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => mayLeave() && show({ mode: 'new' })}
              >
                {t('emailTemplates.create')}
              </Button>
            )}
          </Group>
          <Divider
            label={
              selection.mode === 'new' ? (
                // Mantine's dimmed label colour fails WCAG AA contrast (axe).
                <Text size="xs" c="gray.8">
                  {t('emailTemplates.newTemplate')}
                </Text>
              ) : undefined
            }
            labelPosition="left"
          />
          {fields ? (
            <TemplateForm
              key={selection.mode === 'edit' ? selection.id : 'new'}
              fields={fields}
              onChange={(next) => baseline && setDraft({ over: baseline, fields: next })}
              isNew={selection.mode === 'new'}
              dirty={dirty}
              saving={save.isPending}
              onSave={() => void saveDraft()}
              onReset={() => setDraft(null)}
              onDelete={selection.mode === 'edit' ? deleteSelected : undefined}
              readOnly={readOnly}
            />
          ) : (
            <Text c="gray.8" ta="center" py="md">
              {t('emailTemplates.none')}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
