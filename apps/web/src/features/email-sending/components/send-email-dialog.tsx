import { Alert, Badge, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailTemplates } from '../../../shared/resources/email-templates/get-email-templates';
import { useTemplatedJobOffer } from '../../../shared/resources/email-templates/get-templated-job-offer';
import { readsOnly, useViewer } from '../../../shared/resources/users/get-me';
import { useAppStore } from '../../../shared/store/app-store';
import { CustomSelect } from '../../../shared/widgets/custom-select/custom-select';
import { type Recipients, usePreviewEmails } from '../api/preview-emails';
import { type SendProgress, type SendResult, useSendEmails } from '../api/send-emails';
import { registerEmailSendingTexts } from '../i18n';
import { EmailPreview } from './email-preview';
import { SendResultSummary } from './send-result';

registerEmailSendingTexts();

export interface SendEmailDialogProps extends Recipients {
  onClose: () => void;
}

/**
 * 'Send email' (issue 11, beyond the spec): pick a template (the offer's by default), see the message rendered
 * for each recipient, send, and read what happened. Candidates without an email are listed and skipped.
 */
export function SendEmailDialog({ jobOfferId, candidateIds, statusId, onClose }: SendEmailDialogProps) {
  const { t } = useTranslation();
  const offer = useTemplatedJobOffer(jobOfferId);
  const templates = useEmailTemplates();
  const [chosenTemplate, setChosenTemplate] = useState<number | null>(null);
  const list = templates.data ?? [];
  const linked = list.find((template) => template.id === offer.data?.emailTemplateId);
  const templateId = chosenTemplate ?? linked?.id ?? list[0]?.id ?? null;
  const [shown, setShown] = useState<number | null>(null);
  const preview = usePreviewEmails({ jobOfferId, candidateIds, statusId }, templateId, shown);
  const send = useSendEmails();
  const [progress, setProgress] = useState<SendProgress | null>(null);
  // The level 'Other' previews but does not send (decision 090; the server answers 403).
  const readOnly = readsOnly(useViewer());
  const [result, setResult] = useState<SendResult | null>(null);
  const openTemplate = () => useAppStore.getState().openEmailDialog({ kind: 'template', jobOfferId });

  const recipients = preview.data?.recipients ?? [];
  const skipped = preview.data?.skipped ?? [];
  const loading = offer.isPending || templates.isPending || (templateId !== null && preview.isPending);

  const start = async () => {
    if (templateId === null) return;
    setProgress(null);
    const answer = await send.mutateAsync({
      jobOfferId,
      templateId,
      candidateIds: recipients.map((r) => r.candidateId),
      onProgress: setProgress,
    });
    setResult(answer);
  };

  const body = () => {
    if (result) return <SendResultSummary result={result} />;
    if (loading) {
      return (
        <Center py="xl">
          <Loader aria-label={t('emailSending.loading')} />
        </Center>
      );
    }
    if (templateId === null) {
      return (
        <Stack gap="sm" align="flex-start">
          <Text>{t('emailSending.noTemplate')}</Text>
          <Button variant="light" onClick={openTemplate}>
            {t('emailSending.editTemplate')}
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <CustomSelect
            label={t('emailSending.template')}
            data={list.map((template) => ({ value: String(template.id), label: template.name }))}
            value={String(templateId)}
            onChange={(value) => {
              if (!value) return;
              setChosenTemplate(Number(value));
              setShown(null);
            }}
            allowDeselect={false}
            disabled={send.isPending}
            style={{ flex: 1 }}
          />
          <Badge variant="outline" color="gray.8" size="lg">
            {t('emailSending.recipients', { count: recipients.length })}
          </Badge>
        </Group>
        {preview.isError ? (
          <Alert color="red">{t('emailSending.previewFailed')}</Alert>
        ) : recipients.length > 0 ? (
          <EmailPreview recipients={recipients} message={preview.data?.message ?? null} onChoose={setShown} />
        ) : (
          <Text c="gray.8">{t('emailSending.noRecipient')}</Text>
        )}
        {skipped.length > 0 && (
          <Alert color="orange">
            {t('emailSending.skipped', {
              names: skipped
                .map((s) => s.fullName || t('emailSending.unnamed', { id: s.candidateId }))
                .join(', '),
            })}
          </Alert>
        )}
        {send.isPending && (
          <Stack gap={4}>
            <Text size="sm">
              {progress?.state === 'sending' || (progress && progress.sent + progress.failed > 0)
                ? t('emailSending.sending', {
                    done: progress.sent + progress.failed,
                    total: progress.total,
                  })
                : t('emailSending.queued')}
            </Text>
            <Progress
              value={progress ? (100 * (progress.sent + progress.failed)) / Math.max(progress.total, 1) : 0}
              aria-hidden
            />
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    <Modal
      opened
      onClose={() => !send.isPending && onClose()}
      closeOnEscape={!send.isPending}
      closeOnClickOutside={!send.isPending}
      size="xl"
      title={offer.data ? t('emailSending.titleFor', { name: offer.data.name }) : t('emailSending.title')}
    >
      <Stack gap="md">
        {body()}
        {readOnly && !result && (
          <Text size="sm" c="gray.8">
            {t('emailSending.readOnly')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {result ? t('emailSending.done') : t('emailSending.cancel')}
          </Button>
          {!result && templateId !== null && (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={readOnly || loading || recipients.length === 0}
              onClick={() => void start().catch(() => {})}
            >
              {t('emailSending.send', { count: recipients.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
