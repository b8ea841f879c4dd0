import { Select } from '@mantine/core';
import type { ImportEncoding } from '@vivier/contract';
import { IMPORT_ENCODINGS } from '@vivier/contract/constants';
import { useTranslation } from 'react-i18next';
import { type CsvFile, readCsvBytes } from './read-csv-file';

/**
 * The file's encoding in the mapping step: the detected one, which the person may change when the preview
 * shows wrong letters; the file is read again with it, and the server decodes the upload alike.
 */
export function EncodingChoice({ file, onChange }: { file: CsvFile; onChange: (file: CsvFile) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('candidates.import.encoding')}
      description={t('candidates.import.encodingHelp')}
      data={IMPORT_ENCODINGS.map((value) => ({ value, label: t(`candidates.import.encodings.${value}`) }))}
      value={file.encoding}
      allowDeselect={false}
      onChange={(value) => {
        const read = value ? readCsvBytes(file.bytes, value as ImportEncoding) : undefined;
        if (read) onChange(read);
      }}
      maw={360}
    />
  );
}
