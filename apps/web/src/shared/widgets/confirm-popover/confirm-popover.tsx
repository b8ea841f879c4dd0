import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../hooks/use-confirm-action';

type Clickable = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

export interface ConfirmPopoverProps {
  /** The control that opens the popover (a button that accepts a ref). */
  children: Clickable;
  /** Called on Ok; while its promise runs, Ok shows a loader. The popover closes when it settles. */
  onConfirm: () => unknown;
  /** Defaults to 'Are you sure?' (SPEC section 5). */
  text?: string;
}

/** The confirmation popover with Cancel, Ok and a loader (SPEC section 2). */
export function ConfirmPopover({ children, onConfirm, text }: ConfirmPopoverProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { busy, confirm } = useConfirmAction(onConfirm, () => setOpened(false));

  const target = cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      setOpened((open) => !open);
    },
  });

  return (
    // Not hidden when its control leaves the view: a section loading above it (the signature editor) can push
    // the control down just after the click, and the question would vanish while still asked.
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      shadow="md"
      position="bottom"
      hideDetached={false}
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{text ?? t('common.areYouSure')}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red.8" loading={busy} onClick={confirm}>
              {t('common.ok')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
