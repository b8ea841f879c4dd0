import { Group, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The status counts of a job offer, each a tile topped by its status colour (SPEC sections 2 and 4): the job
 * offer cards link from them, the pipeline screen filters with them. The look lives here once; each screen
 * keeps what a tile does.
 */
export function StatusCountList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Group>
  );
}

/** A tile's frame: its status colour on top (grey for 'All statuses'), shaded when it is the current one. */
export const statusTileStyle = (color: string | undefined, current: boolean): CSSProperties => ({
  display: 'block',
  borderRadius: 'var(--mantine-radius-sm)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderTop: `4px solid ${color ? `#${color}` : 'var(--mantine-color-gray-5)'}`,
  background: current ? 'var(--mantine-color-gray-1)' : undefined,
});

/** What a tile says: the status's name over its count. */
export function StatusTileText({ name, count }: { name: string; count: number }) {
  return (
    <>
      <Text size="xs" c="gray.8" lh={1.2}>
        {name}
      </Text>
      <Text size="sm" fw={700} lh={1.2}>
        {count}
      </Text>
    </>
  );
}
