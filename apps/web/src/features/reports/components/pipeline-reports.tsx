import { BarChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api/get-report';
import type { ReportFilters, ReportView } from '../report-filters';
import { ReportPanel } from './report-panel';
import { ReportState } from './report-state';

type Props = { filters: ReportFilters; view: ReportView };
const fileOf = (name: string, f: ReportFilters) => `${name}_${f.from}_${f.to}.csv`;
const CHART_HEIGHT = 280;

/** The funnel: how many reached each status, the conversion to the next and the drop-off. */
export function FunnelReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('funnel', filters);
  const data = report.data;
  const rows =
    data?.stages.map((stage) => ({
      status: stage.status.name,
      reached: stage.reached,
      conversion: stage.conversion === null ? null : `${Math.round(stage.conversion * 1000) / 10} %`,
      dropOff: stage.dropOff,
    })) ?? [];
  return (
    <ReportState
      loading={report.isPending}
      empty={!data || data.applications === 0}
      emptyText={t('reports.funnel.empty')}
    >
      <Text>
        {t('reports.funnel.summary', { applications: data?.applications, rejected: data?.rejected })}
      </Text>
      <Text>{t('reports.funnel.scope')}</Text>
      <ReportPanel
        title={t('reports.funnel.chart')}
        view={view}
        file={fileOf('funnel', filters)}
        columns={[
          { key: 'status', label: t('reports.funnel.status') },
          { key: 'reached', label: t('reports.funnel.reached') },
          { key: 'conversion', label: t('reports.funnel.conversion') },
          { key: 'dropOff', label: t('reports.funnel.dropOff') },
        ]}
        rows={rows}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="status"
            series={[{ name: 'reached', label: t('reports.funnel.reached'), color: 'blue.6' }]}
          />
        }
      />
    </ReportState>
  );
}

/** Time in stage: median and 90th percentile days per status, and days from application to hire. */
export function TimeInStageReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('time_in_stage', filters);
  const data = report.data;
  const rows =
    data?.stages.map((stage) => ({
      status: stage.status.name,
      stays: stage.stays,
      median: stage.medianDays,
      p90: stage.p90Days,
    })) ?? [];
  const hire = data?.timeToHire;
  const hireRows = hire ? [{ hires: hire.hires, median: hire.medianDays, p90: hire.p90Days }] : [];
  const series = [
    { name: 'median', label: t('reports.time.median'), color: 'teal.6' },
    { name: 'p90', label: t('reports.time.p90'), color: 'orange.6' },
  ];
  return (
    <ReportState
      loading={report.isPending}
      empty={!data || (rows.every((row) => row.stays === 0) && hire?.hires === 0)}
      hiredStatus={data?.hiredStatus?.name}
    >
      <ReportPanel
        title={t('reports.time.chart')}
        view={view}
        file={fileOf('time_in_stage', filters)}
        columns={[
          { key: 'status', label: t('reports.time.status') },
          { key: 'stays', label: t('reports.time.stays') },
          { key: 'median', label: t('reports.time.median') },
          { key: 'p90', label: t('reports.time.p90') },
        ]}
        rows={rows}
        chart={<BarChart h={CHART_HEIGHT} data={rows} dataKey="status" series={series} withLegend />}
      />
      <ReportPanel
        title={t('reports.time.hireChart')}
        view={view}
        file={fileOf('time_to_hire', filters)}
        columns={[
          { key: 'hires', label: t('reports.time.hires') },
          { key: 'median', label: t('reports.time.median') },
          { key: 'p90', label: t('reports.time.p90') },
        ]}
        rows={hireRows}
        chart={
          <BarChart
            h={160}
            orientation="vertical"
            data={hireRows.map((row) => ({ ...row, label: t('reports.time.hires') }))}
            dataKey="label"
            series={series}
            withLegend
          />
        }
      />
    </ReportState>
  );
}

/** Velocity: moves and new applications per week, hires per month. */
export function VelocityReportView({ filters, view }: Props) {
  const { t } = useTranslation();
  const report = useReport('velocity', filters);
  const data = report.data;
  const weeks = data?.weeks ?? [];
  const months = data?.months ?? [];
  const empty =
    weeks.every((w) => w.moves === 0 && w.applications === 0) && months.every((m) => m.hires === 0);
  return (
    <ReportState loading={report.isPending} empty={!data || empty} hiredStatus={data?.hiredStatus?.name}>
      <ReportPanel
        title={t('reports.velocity.weekly')}
        view={view}
        file={fileOf('velocity_weekly', filters)}
        columns={[
          { key: 'week', label: t('reports.velocity.week') },
          { key: 'moves', label: t('reports.velocity.moves') },
          { key: 'applications', label: t('reports.velocity.applications') },
        ]}
        rows={weeks}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            data={weeks}
            dataKey="week"
            withLegend
            series={[
              { name: 'moves', label: t('reports.velocity.moves'), color: 'blue.6' },
              { name: 'applications', label: t('reports.velocity.applications'), color: 'grape.6' },
            ]}
          />
        }
      />
      <ReportPanel
        title={t('reports.velocity.monthly')}
        view={view}
        file={fileOf('velocity_monthly', filters)}
        columns={[
          { key: 'month', label: t('reports.velocity.month') },
          { key: 'hires', label: t('reports.velocity.hires') },
        ]}
        rows={months}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            data={months}
            dataKey="month"
            series={[{ name: 'hires', label: t('reports.velocity.hires'), color: 'green.6' }]}
          />
        }
      />
    </ReportState>
  );
}
