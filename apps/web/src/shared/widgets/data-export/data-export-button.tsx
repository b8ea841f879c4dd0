import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCandidateDataExport } from '../../resources/privacy/privacy';
import { useViewer } from '../../resources/users/get-me';
import { registerPrivacyTexts } from './i18n';

registerPrivacyTexts();

/**
 * "Export this candidate's data" (issue 24, decision 194): downloads the candidate's ZIP. Shown to admins of a
 * level that may write, the ones the server lets export.
 */
export function DataExportButton({ candidateId, label }: { candidateId: number; label?: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  if (viewer.role !== 'admin' || viewer.level === 'other') return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadCandidateDataExport(candidateId);
    } catch {
      // toasted by the call
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconFileZip size={14} aria-hidden />}
      loading={busy}
      title={t('privacy.exportHint')}
      onClick={() => void run()}
    >
      {label ?? t('privacy.export')}
    </Button>
  );
}
