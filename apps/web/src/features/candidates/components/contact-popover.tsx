import { ActionIcon, Anchor, Popover, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';

/** SPEC section 9: a card shows at most 3 emails and 3 phones. */
export const CONTACTS_SHOWN = 3;

export interface ContactPopoverProps {
  kind: 'email' | 'phone';
  values: string[];
  /** The accessible name, given the count shown (it must contain the visible count). */
  label: (count: number) => string;
}

/** An icon with the count of a candidate's emails or phones; it opens the first three as links. */
export function ContactPopover({ kind, values, label }: ContactPopoverProps) {
  if (values.length === 0) return null;
  const shown = values.slice(0, CONTACTS_SHOWN);
  const Icon = kind === 'email' ? IconMail : IconPhone;
  const name = label(shown.length);
  return (
    <Popover position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray.8" aria-label={name}>
          <Icon size={18} aria-hidden />
          <Text span size="xs" ml={2}>
            {shown.length}
          </Text>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} aria-label={name}>
          {shown.map((value) => (
            <Anchor
              key={value}
              href={`${kind === 'email' ? 'mailto' : 'tel'}:${value.replace(/\s/g, kind === 'phone' ? '' : ' ').trim()}`}
              size="sm"
            >
              {value}
            </Anchor>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
