/**
 * The styles of the settings panels' plain tables (privacy requests, API tokens): Mantine's Table, shared by a
 * third screen, would move into the chunk every first page loads (vite.config.ts).
 */
export const TABLE = { width: '100%', borderCollapse: 'collapse' } as const;
export const CELL = {
  textAlign: 'left',
  padding: '6px 8px',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
} as const;
