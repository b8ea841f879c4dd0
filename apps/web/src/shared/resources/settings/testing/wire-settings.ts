import type { SettingList, SettingName } from '@vivier/contract';
import { jsonResponse } from '../../../../test/fixtures';

/** The answer of GET /settings for a new licence's defaults, with some values changed. */
export function wireSettings(values: Partial<Record<SettingName, string | null>> = {}): SettingList {
  const defaults: Record<SettingName, string | null> = {
    export: 'csv_semicolumn',
    transparency: 'transparent',
    tags_rule: 'createable',
    company_creation: 'everyone',
    contacted_status: '2',
    avatar_service: 'off',
    retention_months: '24',
    retention_action: 'erase',
    audit_retention_months: '12',
  };
  return {
    data: Object.entries({ ...defaults, ...values }).map(([name, value], index) => ({
      id: index + 1,
      name: name as SettingName,
      value,
      type: name === 'contacted_status' ? 'status_id' : 'string',
    })),
    received_at: '2026-01-01T00:00:00.000Z',
  };
}

/** A fake API route answering GET /settings as `wireSettings` builds it. */
export const settingsRoute = (values: Parameters<typeof wireSettings>[0] = {}) => ({
  'GET /api/settings': () => jsonResponse(wireSettings(values)),
});
