import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../../shared/api/query-client';
import { candidateKeys } from '../../../../shared/resources/candidates/candidate';
import { invalidateLicence, useCreditsLeft } from '../../../../shared/resources/licence/get-licence';
import { tagKeys } from '../../../../shared/resources/tags/tag';
import { type ImportMapping, importCandidates } from '../../api/import-candidates';
import { registerCandidateTexts } from '../../i18n';
import { ColumnMapping } from './column-mapping';
import { EncodingChoice } from './encoding-choice';
import { guessMapping, mapsIdentity } from './guess-mapping';
import { registerImportTexts } from './i18n';
import { ImportReport, type ImportTotals } from './import-report';
import { type CsvFile, readCsvBytes } from './read-csv-file';
import type { RowReport } from './report-csv';

registerCandidateTexts();
registerImportTexts();

type Step = 'file' | 'mapping' | 'running' | 'report';

export interface ImportModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Import CSV' (beyond the spec: a way to fill the database): pick a file, map its columns with a preview of
 * the first rows, follow the progress batch by batch, then read the report of created / merged / rejected rows
 * and download it as CSV.
 */
export function ImportModal({ opened, onClose }: ImportModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [processed, setProcessed] = useState(0);
  const [rows, setRows] = useState<RowReport[]>([]);
  const [totals, setTotals] = useState<ImportTotals>({ created: 0, merged: 0, rejected: 0 });
  const [stopped, setStopped] = useState(false);
  // Each row may create a candidate and spend a credit (docs/decisions/145): the file is refused before it
  // starts when it has more rows than credits left.
  const left = useCreditsLeft();
  const notEnough = file !== null && left !== undefined && file.rowCount > left;

  const reset = () => {
    setStep('file');
    setFile(null);
    setFileError(null);
    setMapping({});
    setProcessed(0);
    setRows([]);
    setStopped(false);
  };
  const close = () => {
    if (step === 'running') return;
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    setFileError(null);
    if (!chosen) return;
    try {
      const read = readCsvBytes(await chosen.arrayBuffer());
      if (!read) throw new Error('no header');
      if (read.rowCount === 0) {
        setFileError(t('candidates.import.noRows'));
        return;
      }
      setFile(read);
      setMapping(guessMapping(read.header));
      setStep('mapping');
    } catch {
      setFileError(t('candidates.import.unreadable'));
    }
  };

  /**
   * The same bytes read with another encoding: the header and preview change. The mapping stays when the
   * columns are the same (a header wrongly decoded would not be recognised), else it is guessed again.
   */
  const reread = (read: CsvFile) => {
    if (!file || read.header.length !== file.header.length) setMapping(guessMapping(read.header));
    setFile(read);
  };

  const start = async () => {
    if (!file) return;
    setStep('running');
    const collected: RowReport[] = [];
    let finished = false;
    try {
      await importCandidates(file, mapping, (line) => {
        if (line.type === 'batch') {
          collected.push(...line.rows);
          setProcessed(line.processed);
          setTotals({ created: line.created, merged: line.merged, rejected: line.rejected });
        } else if (line.type === 'done') {
          finished = true;
          setTotals({ created: line.created, merged: line.merged, rejected: line.rejected });
        }
      });
    } catch (error) {
      notifyError(error, t('candidates.import.failed'));
    }
    setRows(collected);
    setStopped(!finished);
    setStep('report');
    await Promise.all([
      refetchAfterWrite(queryClient, { queryKey: candidateKeys.all }),
      invalidateLicence(queryClient),
      refetchAfterWrite(queryClient, { queryKey: tagKeys.all }),
    ]);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('candidates.import.title')}
      size="xl"
      withCloseButton={step !== 'running'}
    >
      <Stack>
        {step === 'file' && (
          <FileInput
            label={t('candidates.import.file')}
            placeholder={t('candidates.import.filePlaceholder')}
            description={t('candidates.import.fileHelp')}
            accept=".csv,text/csv"
            onChange={(chosen) => void choose(chosen)}
            error={fileError}
            clearable
          />
        )}
        {step === 'mapping' && file && (
          <>
            <Text size="sm">{t('candidates.import.rows', { count: file.rowCount })}</Text>
            {left !== undefined && (
              <Text size="sm">{t('candidates.import.cost', { count: file.rowCount, left })}</Text>
            )}
            <EncodingChoice file={file} onChange={reread} />
            <ColumnMapping file={file} mapping={mapping} onChange={setMapping} />
            {!mapsIdentity(mapping) && <Alert color="orange">{t('candidates.import.needsColumn')}</Alert>}
            {notEnough && (
              <Alert color="red">{t('candidates.import.notEnough', { count: file.rowCount, left })}</Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                {t('candidates.import.back')}
              </Button>
              <Button onClick={() => void start()} disabled={!mapsIdentity(mapping) || notEnough}>
                {t('candidates.import.start')}
              </Button>
            </Group>
          </>
        )}
        {step === 'running' && file && (
          <>
            <Progress
              value={file.rowCount === 0 ? 0 : Math.min(100, (processed / file.rowCount) * 100)}
              animated
              aria-label={t('candidates.import.progress', { processed, total: file.rowCount })}
            />
            <Text size="sm">{t('candidates.import.progress', { processed, total: file.rowCount })}</Text>
          </>
        )}
        {step === 'report' && (
          <>
            <ImportReport totals={totals} rows={rows} stopped={stopped} />
            <Group justify="flex-end">
              <Button onClick={close}>{t('candidates.import.close')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
