import { Center, Loader, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CandidateFile,
  fetchCandidateFilePreview,
} from '../../resources/candidate-files/candidate-files';

/**
 * A file's preview in a modal (decision 186). The preview is fetched with the session's token and framed
 * from a blob: URL. HTML and text are framed with an empty `sandbox` (no script, an opaque origin), on top of
 * the server's sanitising; a PDF is framed without it, as Chromium's PDF viewer does not run in a sandboxed
 * frame, and a PDF is never HTML to the browser (its blob's type is application/pdf).
 */
export function FilePreview({ file, onClose }: { file: CandidateFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ url: string; type: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let url: string | undefined;
    let cancelled = false;
    fetchCandidateFilePreview(file)
      .then((fetched) => {
        url = fetched.url;
        if (cancelled) URL.revokeObjectURL(fetched.url);
        else setPreview(fetched);
      })
      .catch(() => onClose());
    return () => {
      cancelled = true;
      setPreview(null);
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, onClose]);
  const isPdf = preview?.type.startsWith('application/pdf');
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? t('candidateFiles.previewOf', { name: file.name }) : ''}
      size="xl"
    >
      {preview ? (
        <iframe
          src={preview.url}
          title={t('candidateFiles.previewOf', { name: file?.name ?? '' })}
          sandbox={isPdf ? undefined : ''}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      ) : (
        <Center h={200}>
          <Loader size="sm" aria-label={t('candidateFiles.previewLoading')} />
        </Center>
      )}
    </Modal>
  );
}
