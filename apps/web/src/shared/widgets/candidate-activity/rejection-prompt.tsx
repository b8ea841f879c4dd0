import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRejectionReasons } from '../../resources/activity/rejection-reasons';

/** What a move to a rejected status sends: one of the licence's reasons, free text, or both. */
export interface Rejection {
  reasonId?: number;
  text?: string;
}

/** Who a move rejects: one candidate, named, or a number of them. */
export type Rejecting = { name: string } | { count: number };

export interface RejectionPromptProps {
  /** Who the waiting move rejects; the prompt is open while it is set. */
  rejecting: Rejecting | null;
  onConfirm: (rejection: Rejection) => void;
  onCancel: () => void;
}

/**
 * Asks why a candidate is rejected before a move to a status marked as rejected (issue 21): a reason from the
 * licence's list (Settings) and/or a free text; 'Reject' needs one of them.
 */
export const RejectionPrompt = memo(function RejectionPrompt({
  rejecting,
  onConfirm,
  onCancel,
}: RejectionPromptProps) {
  const { t } = useTranslation();
  const open = rejecting !== null;
  const reasons = useRejectionReasons(open);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const close = () => {
    setReasonId(null);
    setText('');
  };
  return (
    <Modal
      opened={open}
      onClose={() => {
        close();
        onCancel();
      }}
      title={
        rejecting && 'count' in rejecting
          ? t('activity.reasons.promptTitleMany', { count: rejecting.count })
          : t('activity.reasons.promptTitle', { name: rejecting?.name ?? '' })
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const rejection: Rejection = {
            ...(reasonId ? { reasonId: Number(reasonId) } : {}),
            ...(text.trim() ? { text: text.trim() } : {}),
          };
          close();
          onConfirm(rejection);
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('activity.reasons.reason')}
            data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={reasonId}
            onChange={setReasonId}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
          <Textarea
            label={t('activity.reasons.text')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="xs">
            <Button
              variant="subtle"
              onClick={() => {
                close();
                onCancel();
              }}
            >
              {t('activity.reasons.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!reasonId && !text.trim()}>
              {t('activity.reasons.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
