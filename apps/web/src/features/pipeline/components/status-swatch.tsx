import { ColorSwatch } from '@mantine/core';

/** The colour of a status (hex without '#', SPEC section 3), as a small dot beside its name. */
export function StatusSwatch({ color, size = 12 }: { color: string | undefined; size?: number }) {
  return (
    <ColorSwatch
      component="span"
      aria-hidden
      size={size}
      color={color ? `#${color}` : 'transparent'}
      withShadow={false}
      style={{ flexShrink: 0, border: color ? undefined : '1px dashed var(--mantine-color-gray-6)' }}
    />
  );
}
