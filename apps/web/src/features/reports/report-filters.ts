import { REPORT_KINDS, type ReportKind } from '@vivier/contract/report-kinds';

/** The Reports screen's state, all of it in the address so a report is shared by link (issue 26). */
export interface ReportFilters {
  offers: string[];
  company: string;
  user: string;
  tags: string[];
  from: string;
  to: string;
}

export type ReportView = 'chart' | 'table';

export const PRESETS = ['7d', '30d', '90d', '12m', 'year'] as const;
export type Preset = (typeof PRESETS)[number];

const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** A preset's days, ending today (UTC, as the server counts). */
export function presetRange(preset: Preset, now = new Date()): { from: string; to: string } {
  const to = day(now);
  const back = (days: number) => day(new Date(now.getTime() - (days - 1) * DAY_MS));
  switch (preset) {
    case '7d':
      return { from: back(7), to };
    case '30d':
      return { from: back(30), to };
    case '90d':
      return { from: back(90), to };
    case '12m':
      return {
        from: day(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1))),
        to,
      };
    case 'year':
      return { from: `${now.getUTCFullYear()}-01-01`, to };
  }
}

/** The preset the period is, if any. */
export const presetOf = (from: string, to: string): Preset | '' =>
  PRESETS.find((p) => {
    const range = presetRange(p);
    return range.from === from && range.to === to;
  }) ?? '';

const ids = (value: string | null) => (value ?? '').split(',').filter((id) => /^\d{1,10}$/.test(id));
const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The state read from the address; what is missing or malformed takes its default (the last 90 days). */
export function readAddress(params: URLSearchParams) {
  const fallback = presetRange('90d');
  const report = params.get('report');
  const filters: ReportFilters = {
    offers: ids(params.get('offers')),
    company: ids(params.get('company'))[0] ?? '',
    user: ids(params.get('user'))[0] ?? '',
    tags: ids(params.get('tags')),
    from: date(params.get('from')) || fallback.from,
    to: date(params.get('to')) || fallback.to,
  };
  return {
    report: (REPORT_KINDS as readonly string[]).includes(report ?? '') ? (report as ReportKind) : 'funnel',
    view: (params.get('view') === 'table' ? 'table' : 'chart') as ReportView,
    filters,
  };
}

/** The address of a state: only what is set. */
export function writeAddress(state: { report: ReportKind; view: ReportView; filters: ReportFilters }) {
  const params = new URLSearchParams();
  params.set('report', state.report);
  if (state.view === 'table') params.set('view', 'table');
  const f = state.filters;
  if (f.offers.length > 0) params.set('offers', f.offers.join(','));
  if (f.company) params.set('company', f.company);
  if (f.user) params.set('user', f.user);
  if (f.tags.length > 0) params.set('tags', f.tags.join(','));
  params.set('from', f.from);
  params.set('to', f.to);
  return params;
}
