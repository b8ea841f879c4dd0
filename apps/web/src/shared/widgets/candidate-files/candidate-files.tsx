import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CandidateFile,
  downloadCandidateFile,
  useCandidateFiles,
  useDeleteCandidateFile,
  useMarkCv,
  useUploadCandidateFile,
} from '../../resources/candidate-files/candidate-files';
import { useAppStore } from '../../store/app-store';
import { relativeTime } from '../candidate-activity/relative-time';
import { ConfirmPopover } from '../confirm-popover/confirm-popover';
import { FilePreview } from './file-preview';
import { fileSize } from './file-size';

// What the picker offers; the server reads the type from the bytes whatever the browser says (decision 184).
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'text/plain': ['.txt'],
};

/**
 * A candidate's files (issue 22): the list (name, size, who, when, the CV marked), a download per file, 'Mark
 * as CV', delete for the uploader and admins, and a drop zone to add files (one request per file).
 */
export function CandidateFiles({ candidateId }: { candidateId: number }) {
  const { t, i18n } = useTranslation();
  const files = useCandidateFiles(candidateId);
  const upload = useUploadCandidateFile(candidateId);
  const [previewed, setPreviewed] = useState<CandidateFile | null>(null);
  const closePreview = useCallback(() => setPreviewed(null), []);
  return (
    <Stack gap={6} component="section" aria-label={t('candidateFiles.title')}>
      <Title order={3} size="h6">
        {t('candidateFiles.title')}
      </Title>
      {files.isPending && files.fetchStatus !== 'idle' ? (
        <Loader size="sm" aria-label={t('candidateFiles.title')} />
      ) : files.data?.length ? (
        files.data.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            candidateId={candidateId}
            language={i18n.language}
            onPreview={setPreviewed}
          />
        ))
      ) : (
        <Text size="sm" c="gray.8">
          {t('candidateFiles.empty')}
        </Text>
      )}
      <Dropzone
        accept={ACCEPT}
        loading={upload.isPending}
        onDrop={async (dropped) => {
          for (const file of dropped) await upload.mutateAsync(file).catch(() => undefined);
        }}
        p="sm"
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconFileUpload size={24} aria-hidden />
          <div>
            <Text size="sm">{t('candidateFiles.drop')}</Text>
            <Dropzone.Reject>
              <Text size="xs" c="red.8">
                {t('candidateFiles.rejected')}
              </Text>
            </Dropzone.Reject>
            <Dropzone.Idle>
              <Text size="xs" c="gray.8">
                {t('candidateFiles.accepted')}
              </Text>
            </Dropzone.Idle>
          </div>
        </Group>
      </Dropzone>
      <FilePreview file={previewed} onClose={closePreview} />
    </Stack>
  );
}

function FileRow({
  file,
  candidateId,
  language,
  onPreview,
}: {
  file: CandidateFile;
  candidateId: number;
  language: string;
  onPreview: (file: CandidateFile) => void;
}) {
  const { t } = useTranslation();
  const me = useAppStore((s) => s.user);
  const remove = useDeleteCandidateFile(candidateId);
  const markCv = useMarkCv(candidateId);
  const mayDelete = me !== null && (me.role === 'admin' || file.uploader?.id === me.id);
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="nowrap">
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-label={t('candidateFiles.download', { name: file.name })}
          onClick={() => void downloadCandidateFile(file).catch(() => undefined)}
          style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
        >
          {file.name}
        </Anchor>
        {file.isCv && (
          <Badge size="xs" variant="light">
            {t('candidateFiles.cv')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="gray.8">
        {t('candidateFiles.by', {
          size: fileSize(file.size, language),
          who: file.uploader?.name ?? t('candidateFiles.someone'),
          when: relativeTime(file.createdAt, language),
        })}
      </Text>
      {file.textState !== 'done' && (
        <Text size="xs" c={file.textState === 'failed' ? 'red.8' : 'gray.8'}>
          {t(file.textState === 'failed' ? 'candidateFiles.textFailed' : 'candidateFiles.textPending')}
        </Text>
      )}
      <Group gap="xs">
        <Anchor
          component="button"
          type="button"
          size="xs"
          aria-label={t('candidateFiles.previewOf', { name: file.name })}
          onClick={() => onPreview(file)}
        >
          {t('candidateFiles.preview')}
        </Anchor>
        {!file.isCv && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            disabled={markCv.isPending}
            aria-label={t('candidateFiles.markCvOf', { name: file.name })}
            onClick={() => markCv.mutate(file.id)}
          >
            {t('candidateFiles.markCv')}
          </Anchor>
        )}
        {mayDelete && (
          <ConfirmPopover text={t('candidateFiles.confirmDelete')} onConfirm={() => remove.mutate(file.id)}>
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="red.8"
              aria-label={t('candidateFiles.deleteOf', { name: file.name })}
            >
              {t('candidateFiles.delete')}
            </Anchor>
          </ConfirmPopover>
        )}
      </Group>
    </Stack>
  );
}
