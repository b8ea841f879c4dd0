import { Alert, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../notifications/toast';
import {
  type BulkErasureRequest,
  type ErasureProgress,
  useBulkErasure,
  useEraseCandidate,
} from '../../resources/candidates/erase-candidate';

/** How a typed text compares with what is asked: case and runs of spaces aside, as the server compares. */
const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase() === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** What an admin types to erase a candidate: the full name, `#id` for a nameless one (the server's rule). */
export const eraseConfirmationOf = (candidate: { id: number; fullName: string }) =>
  candidate.fullName.trim() || `#${candidate.id}`;

/**
 * "Erase this candidate" (issue 24): what goes and what stays, and the name to type; the button erases only
 * once the name matches. `onErased` runs after the server erased.
 */
export function EraseCandidateModal({
  candidate,
  onClose,
  onErased,
}: {
  candidate: { id: number; fullName: string };
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const erase = useEraseCandidate();
  const expected = eraseConfirmationOf(candidate);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!same(typed, expected)) return;
    try {
      await erase.mutateAsync({ id: candidate.id, confirmation: typed });
      showToast(t('erasure.erased'), 'success');
      onErased();
    } catch {
      // toasted
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('erasure.title', { name: expected })} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Alert color="red">{t('erasure.explain')}</Alert>
          <Text size="sm">{t('erasure.typeName', { name: expected })}</Text>
          <TextInput
            label={t('erasure.nameLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={erase.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={erase.isPending} disabled={!same(typed, expected)}>
              {t('erasure.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A bulk erasure (issue 24): the candidates selected, or every one the search finds; the number to type; then
 * the queue's progress until every candidate was handled.
 */
export function EraseCandidatesModal({
  selection,
  count,
  onClose,
  onErased,
}: {
  selection: BulkErasureRequest['selection'];
  count: number;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [progress, setProgress] = useState<ErasureProgress | undefined>();
  const erase = useBulkErasure();
  const what =
    'candidateIds' in selection ? t('erasure.bulkSelection', { count }) : t('erasure.bulkSearch', { count });
  const matches = typed.trim() === String(count);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    try {
      const end = await erase.mutateAsync({ selection, confirmation: typed.trim(), onProgress: setProgress });
      showToast(t('erasure.bulkDone', { count: end.erased }), 'success');
      onErased();
    } catch {
      // toasted
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('erasure.bulkTitle', { count })} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Alert color="red">{t('erasure.bulkExplain', { what })}</Alert>
          <Text size="sm">{t('erasure.typeCount', { count })}</Text>
          <TextInput
            label={t('erasure.countLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            inputMode="numeric"
            data-autofocus
            disabled={erase.isPending}
          />
          {progress && (
            <Stack gap={4}>
              <Progress
                value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total}
                aria-label={t('erasure.progress', { done: progress.done, total: progress.total })}
              />
              <Text size="sm" role="status">
                {t('erasure.progress', { done: progress.done, total: progress.total })}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={erase.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={erase.isPending} disabled={!matches}>
              {t('erasure.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
