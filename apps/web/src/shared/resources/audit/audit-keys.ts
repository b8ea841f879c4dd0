/**
 * The audit log's cache keys (issue 24, decision 192): one list per set of filters. Only the Audit log screen
 * reads it (features/audit-log); the keys live here as every resource's do (decision 161).
 */
export const auditEntryKeys = {
  all: ['audit-entries'] as const,
  list: <Filters>(filters: Filters) => ['audit-entries', filters] as const,
};
