import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../../shared/nonce';
import type { Preview } from '../api/preview-emails';

/**
 * The frame's document: the message and a style for it. A srcdoc frame lives under the page's CSP, so its style
 * carries the page's nonce (DESIGN section 2); the nonce is a hex string.
 */
const frameDocument = (content: string) => {
  const nonce = cspNonce();
  const style = `<style${nonce ? ` nonce="${nonce}"` : ''}>body{font-family:sans-serif;font-size:14px;margin:8px}</style>`;
  return `<!doctype html><meta charset="utf-8">${style}<body>${content}</body>`;
};

const label = (recipient: Preview['recipients'][number]) =>
  recipient.fullName ? `${recipient.fullName} <${recipient.email}>` : recipient.email;

/**
 * One recipient's message as it will leave: subject and body. The server renders one message per answer
 * (issue 18): choosing another recipient asks for theirs. The body is shown in a sandboxed frame, so even a
 * message the server let through could run nothing here and borrows none of the app's styles.
 */
export function EmailPreview({
  recipients,
  message,
  onChoose,
}: {
  recipients: Preview['recipients'];
  message: Preview['message'];
  onChoose: (candidateId: number) => void;
}) {
  const { t } = useTranslation();
  const current = message;
  if (!current) return null;
  return (
    <Stack gap="xs">
      <Select
        label={t('emailSending.previewFor')}
        data={recipients.map((r) => ({ value: String(r.candidateId), label: label(r) }))}
        value={String(current.candidateId)}
        onChange={(value) => value && onChoose(Number(value))}
        allowDeselect={false}
        searchable
      />
      <Text size="sm">
        <Text span fw={600}>
          {t('emailSending.subject')}:
        </Text>{' '}
        {current.subject}
      </Text>
      <iframe
        title={t('emailSending.previewFrame', { name: current.fullName || current.email })}
        sandbox=""
        srcDoc={frameDocument(current.content)}
        style={{
          width: '100%',
          height: 280,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
        }}
      />
    </Stack>
  );
}
