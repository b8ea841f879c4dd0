import { ActionIcon, Kbd, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAGE_KEYS } from './triage-keys';

/** `?`: every key of the job offer screen with what it does, in the interface's language (issue 28). */
export const TriageHelp = memo(function TriageHelp({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('jobOffer.triage.helpTitle')} size="lg">
      <Text size="sm" mb="sm">
        {t('jobOffer.triage.helpIntro')}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('jobOffer.triage.keyColumn')}</Table.Th>
            <Table.Th scope="col">{t('jobOffer.triage.actionColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TRIAGE_KEYS.map(({ keys, text }) => (
            <Table.Tr key={text}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && ' '}
                    {key === '…' ? '…' : <Kbd>{key}</Kbd>}
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{t(`jobOffer.triage.keys.${text}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
});

/** The button that opens the keys' help (what `?` does), for those who use a pointer. */
export const TriageKeysButton = memo(function TriageKeysButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('jobOffer.triage.showKeys')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('jobOffer.triage.showKeys')}
        aria-keyshortcuts="?"
        onClick={onClick}
      >
        <IconKeyboard size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
});
