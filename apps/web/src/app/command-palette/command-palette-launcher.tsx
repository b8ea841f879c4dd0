import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

// Spotlight and the palette's searches load on the first Ctrl/Cmd + K, so the first pages stay under budget.
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette')).CommandPalette,
}));

/**
 * Ctrl + K (Cmd + K on a Mac) opens the command palette from any screen of the main layout (issue 28), also
 * from a text field (the shortcut types nothing), but not from the rich-text editor, whose own Ctrl + K is a link.
 */
export function CommandPaletteLauncher() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useHotkeys(
    [
      [
        'mod+K',
        () => {
          setLoaded(true);
          setOpened((open) => !open);
        },
      ],
    ],
    [],
  );
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
