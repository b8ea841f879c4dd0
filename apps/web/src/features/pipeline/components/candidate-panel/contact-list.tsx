import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC sections 2 and 9: at most 3 emails and 3 phones in the primary lists. */
export const PRIMARY_LIST_SIZE = 3;

export interface ContactListProps {
  kind: 'email' | 'phone';
  /** In use, the primary first (the server's order). */
  values: string[];
  primary: string | null;
  onSetPrimary: (value: string) => void;
  onDelete: (value: string) => void;
  busy: boolean;
}

/**
 * A candidate's e-mails or phones: the first 3 (the primary first, marked), each with 'make primary' and
 * delete; more behind 'Show all'.
 */
export function ContactList({ kind, values, primary, onSetPrimary, onDelete, busy }: ContactListProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (values.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        {t(kind === 'email' ? 'jobOffer.panel.noEmail' : 'jobOffer.panel.noPhone')}
      </Text>
    );
  }
  const shown = all ? values : values.slice(0, PRIMARY_LIST_SIZE);
  return (
    <Stack gap={4}>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((value) => (
          <Group component="li" key={value} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor href={`${kind === 'email' ? 'mailto' : 'tel'}:${value}`} size="sm" truncate>
                {value}
              </Anchor>
              {value === primary && (
                <Badge size="xs" variant="outline" color="indigo.9">
                  {t('jobOffer.panel.primary')}
                </Badge>
              )}
            </Group>
            <Group gap={2} wrap="nowrap">
              {value !== primary && (
                <ContactAction action="setPrimary" value={value} onClick={onSetPrimary} disabled={busy} />
              )}
              <ContactAction action="deleteContact" value={value} onClick={onDelete} disabled={busy} />
            </Group>
          </Group>
        ))}
      </Stack>
      {values.length > PRIMARY_LIST_SIZE && (
        <Button variant="subtle" size="compact-xs" w="fit-content" onClick={() => setAll((open) => !open)}>
          {all ? t('jobOffer.panel.showFewer') : t('jobOffer.panel.showAll', { count: values.length })}
        </Button>
      )}
    </Stack>
  );
}

/** A contact's two small icon buttons: what each says (with the contact), its colour and its icon. */
const CONTACT_ACTIONS = {
  setPrimary: { color: 'gray.8', Icon: IconStar },
  deleteContact: { color: 'red.8', Icon: IconTrash },
} as const;

function ContactAction({
  action,
  value,
  onClick,
  disabled,
}: {
  action: keyof typeof CONTACT_ACTIONS;
  value: string;
  onClick: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { color, Icon } = CONTACT_ACTIONS[action];
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color={color}
      aria-label={t(`jobOffer.panel.${action}`, { value })}
      onClick={() => onClick(value)}
      disabled={disabled}
    >
      <Icon size={14} aria-hidden />
    </ActionIcon>
  );
}
