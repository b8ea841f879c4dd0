import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api/get-report';
import type { ReportFilters, ReportView } from '../report-filters';
import { ReportPanel } from './report-panel';
import { ReportState } from './report-state';

type Props = { filters: ReportFilters; view: ReportView };
const fileOf = (name: string, f: ReportFilters) => `${name}_${f.from}_${f.to}.csv`;
const CHART_HEIGHT = 280;
const KNOWN_SOURCES = ['careers_page', 'copy', 'import', 'cv', 'manual'];

/** Sources: applications and hires per source (the careers page, a link's utm_source, a copy, an import…). */
export function SourcesReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('sources', filters);
  const data = report.data;
  const rows =
    data?.sources.map((row) => ({
      source: KNOWN_SOURCES.includes(row.source) ? t(`reports.sources.names.${row.source}`) : row.source,
      applications: row.applications,
      hires: row.hires,
    })) ?? [];
  return (
    <ReportState loading={report.isPending} empty={rows.length === 0} hiredStatus={data?.hiredStatus?.name}>
      <ReportPanel
        title={t('reports.sources.chart')}
        view={view}
        file={fileOf('sources', filters)}
        columns={[
          { key: 'source', label: t('reports.sources.source') },
          { key: 'applications', label: t('reports.sources.applications') },
          { key: 'hires', label: t('reports.sources.hires') },
        ]}
        rows={rows}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="source"
            withLegend
            series={[
              { name: 'applications', label: t('reports.sources.applications'), color: 'blue.6' },
              { name: 'hires', label: t('reports.sources.hires'), color: 'green.6' },
            ]}
          />
        }
      />
    </ReportState>
  );
}

/** Rejection reasons: per reason and per status rejected from. */
export function RejectionReasonsReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('rejection_reasons', filters);
  const data = report.data;
  const reasons =
    data?.reasons.map((row) => ({
      reason: row.reason ?? t('reports.rejections.freeText'),
      count: row.count,
    })) ?? [];
  const statuses =
    data?.fromStatuses.map((row) => ({
      status: row.status?.name ?? t('reports.rejections.noStatus'),
      count: row.count,
    })) ?? [];
  const series = [{ name: 'count', label: t('reports.rejections.count'), color: 'red.6' }];
  return (
    <ReportState loading={report.isPending} empty={!data || data.total === 0}>
      <Text>{t('reports.rejections.total', { count: data?.total ?? 0 })}</Text>
      <ReportPanel
        title={t('reports.rejections.byReason')}
        view={view}
        file={fileOf('rejection_reasons', filters)}
        columns={[
          { key: 'reason', label: t('reports.rejections.reason') },
          { key: 'count', label: t('reports.rejections.count') },
        ]}
        rows={reasons}
        chart={<BarChart h={CHART_HEIGHT} data={reasons} dataKey="reason" series={series} />}
      />
      <ReportPanel
        title={t('reports.rejections.byStatus')}
        view={view}
        file={fileOf('rejections_by_status', filters)}
        columns={[
          { key: 'status', label: t('reports.rejections.status') },
          { key: 'count', label: t('reports.rejections.count') },
        ]}
        rows={statuses}
        chart={<BarChart h={CHART_HEIGHT} data={statuses} dataKey="status" series={series} />}
      />
    </ReportState>
  );
}

/** Team activity: moves, notes and emails per user per week; the chart sums the week's users. */
export function TeamActivityReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('team_activity', filters);
  const rows =
    report.data?.rows.map((row) => ({
      week: row.week,
      user: row.user?.name ?? t('reports.team.nobody'),
      moves: row.moves,
      notes: row.notes,
      emails: row.emails,
    })) ?? [];
  const weeks = new Map<string, { week: string; moves: number; notes: number; emails: number }>();
  for (const row of rows) {
    const week = weeks.get(row.week) ?? { week: row.week, moves: 0, notes: 0, emails: 0 };
    weeks.set(row.week, {
      week: row.week,
      moves: week.moves + row.moves,
      notes: week.notes + row.notes,
      emails: week.emails + row.emails,
    });
  }
  return (
    <ReportState loading={report.isPending} empty={rows.length === 0}>
      <Text>{t('reports.team.scope')}</Text>
      <ReportPanel
        title={t('reports.team.chart')}
        view={view}
        file={fileOf('team_activity', filters)}
        columns={[
          { key: 'week', label: t('reports.team.week') },
          { key: 'user', label: t('reports.team.user') },
          { key: 'moves', label: t('reports.team.moves') },
          { key: 'notes', label: t('reports.team.notes') },
          { key: 'emails', label: t('reports.team.emails') },
        ]}
        rows={rows}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={[...weeks.values()]}
            dataKey="week"
            type="stacked"
            withLegend
            series={[
              { name: 'moves', label: t('reports.team.moves'), color: 'blue.6' },
              { name: 'notes', label: t('reports.team.notes'), color: 'yellow.6' },
              { name: 'emails', label: t('reports.team.emails'), color: 'teal.6' },
            ]}
          />
        }
      />
    </ReportState>
  );
}
