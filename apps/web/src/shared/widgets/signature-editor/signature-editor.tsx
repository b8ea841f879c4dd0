import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../hooks/use-unsaved-changes-guard';
import { showToast } from '../../notifications/toast';
import { useSignature } from '../../resources/signature/get-signature';
import { useSaveSignature } from '../../resources/signature/save-signature';
import type { EditorControl } from '../rich-text-editor/editor-controls';
import { EDITOR_MIN_HEIGHT } from '../rich-text-editor/editor-controls';
import { LazyRichTextEditor } from '../rich-text-editor/lazy-rich-text-editor';

/** SPEC section 2, Settings: bold, underline, italic, strikethrough, ordered list, unordered list, line, link. */
export const SIGNATURE_CONTROLS: readonly EditorControl[] = [
  'bold',
  'underline',
  'italic',
  'strike',
  'orderedList',
  'bulletList',
  'hr',
  'link',
];

/**
 * The user's email signature in 'User settings' (SPEC section 2): filled with the signature fetched for their
 * email (Gmail's after a Google sign-in, else the stored one), saved sanitised by the server.
 */
export function SignatureEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signature = useSignature(queryClient);
  const save = useSaveSignature();
  const loaded = signature.data?.value ?? '';
  // A draft belongs to the signature it was written over: a fresh answer (after a save) starts again.
  const [draft, setDraft] = useState<{ over: string; text: string } | null>(null);
  const value = draft && draft.over === loaded ? draft.text : loaded;
  const dirty = value !== loaded;
  useUnsavedChangesGuard(dirty);

  const onSave = async () => {
    await save.mutateAsync(value);
    setDraft(null);
    showToast(t('signature.saved'), 'success');
  };

  return (
    <Stack gap="xs" component="section" aria-label={t('signature.title')}>
      <Text fw={600}>{t('signature.title')}</Text>
      <Text size="sm" c="gray.8">
        {signature.data?.source === 'provider' ? t('signature.fromProvider') : t('signature.hint')}
      </Text>
      {signature.isPending ? (
        <Skeleton height={EDITOR_MIN_HEIGHT} radius="md" />
      ) : (
        <LazyRichTextEditor
          value={value}
          onChange={(text) => setDraft({ over: loaded, text })}
          label={t('signature.title')}
          controls={SIGNATURE_CONTROLS}
        />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft(null)}>
          {t('signature.reset')}
        </Button>
        <Button
          loading={save.isPending}
          disabled={signature.isPending || (!dirty && signature.data?.source !== 'provider')}
          onClick={() => void onSave().catch(() => {})}
        >
          {t('signature.save')}
        </Button>
      </Group>
    </Stack>
  );
}
