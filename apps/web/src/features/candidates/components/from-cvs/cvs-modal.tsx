import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload } from '@tabler/icons-react';
import { DRAFTS_MAX } from '@vivier/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withErrorToast } from '../../../../shared/api/notify-error';
import { showToast } from '../../../../shared/notifications/toast';
import { useConfirmDrafts } from '../../api/candidate-drafts';
import { registerCandidateTexts } from '../../i18n';
import { DraftReview } from './draft-review';
import { confirmedOf, type DraftRow, rowOf, rowProblem } from './draft-row';
import { registerFromCvsTexts } from './i18n';
import { readCvs } from './read-cvs';

registerCandidateTexts();
registerFromCvsTexts();

// What the picker offers; the server reads the type from the bytes whatever the browser says (decision 184).
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'text/plain': ['.txt'],
};

type Step = 'drop' | 'reading' | 'review';

/**
 * 'Create from CVs' (issue 22, decision 188): drop up to 50 CVs, follow them being read (two at a time), then
 * review each one's detected name and contacts (those that may be a candidate already are shown and left
 * unselected) and create the selected ones in one go, a credit each.
 */
export function CvsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('drop');
  const [total, setTotal] = useState(0);
  const [done, setDone] = useState(0);
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [failed, setFailed] = useState<string[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const confirm = useConfirmDrafts();
  const chosen = rows.filter((row) => row.selected);
  const blocked = chosen.some((row) => rowProblem(row) !== null);

  const read = async (files: File[]) => {
    setTooMany(false);
    setTotal(files.length);
    setDone(0);
    setStep('reading');
    const outcome = await readCvs(files, setDone);
    setRows(outcome.drafts.map(rowOf));
    setFailed(outcome.failed.map((f) => f.name));
    setStep('review');
  };

  const create = async () => {
    const result = await withErrorToast(
      () => confirm.mutateAsync(chosen.map(confirmedOf)),
      t('candidates.fromCvs.createFailed'),
    ).catch(() => undefined);
    if (!result) return;
    showToast(t('candidates.fromCvs.created', { count: result.created.length }), 'success');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('candidates.fromCvs.title')} size="xl">
      {step === 'drop' && (
        <Stack gap="sm">
          <Dropzone
            accept={ACCEPT}
            maxFiles={DRAFTS_MAX}
            onDrop={(files) => void read(files)}
            onReject={() => setTooMany(true)}
            p="lg"
          >
            <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <IconFileUpload size={32} aria-hidden />
              <div>
                <Text>{t('candidates.fromCvs.drop', { max: DRAFTS_MAX })}</Text>
                <Text size="sm" c="gray.8">
                  {t('candidates.fromCvs.accepted')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {tooMany && (
            <Alert color="red" role="alert">
              {t('candidates.fromCvs.rejected', { max: DRAFTS_MAX })}
            </Alert>
          )}
        </Stack>
      )}
      {step === 'reading' && (
        <Stack gap="xs">
          <Text>{t('candidates.fromCvs.reading', { done, total })}</Text>
          <Progress
            value={total ? (done / total) * 100 : 0}
            aria-label={t('candidates.fromCvs.reading', { done, total })}
          />
        </Stack>
      )}
      {step === 'review' && (
        <Stack gap="md">
          {failed.length > 0 && (
            <Alert color="red" title={t('candidates.fromCvs.notRead')}>
              {failed.join(', ')}
            </Alert>
          )}
          <DraftReview
            rows={rows}
            onChange={(id, change) =>
              setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)))
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('candidates.fromCvs.cancel')}
            </Button>
            <Button onClick={create} loading={confirm.isPending} disabled={chosen.length === 0 || blocked}>
              {t('candidates.fromCvs.create', { count: chosen.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
