import '@mantine/charts/styles.css';
import { Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { REPORT_KINDS, type ReportKind } from '@vivier/contract/report-kinds';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import {
  RejectionReasonsReportView,
  SourcesReportView,
  TeamActivityReportView,
} from './components/people-reports';
import { FunnelReportView, TimeInStageReportView, VelocityReportView } from './components/pipeline-reports';
import { ReportFiltersBar } from './components/report-filters-bar';
import { registerReportsTexts } from './i18n';
import { type ReportFilters, type ReportView, readAddress, writeAddress } from './report-filters';

registerReportsTexts();

const VIEWS = {
  funnel: FunnelReportView,
  time_in_stage: TimeInStageReportView,
  velocity: VelocityReportView,
  sources: SourcesReportView,
  rejection_reasons: RejectionReasonsReportView,
  team_activity: TeamActivityReportView,
} satisfies Record<ReportKind, unknown>;

/**
 * Reports (/reports, issue 26): funnel, time in stage, velocity, sources, rejection reasons and team activity
 * over the offers the user sees, each chart with a table of the same numbers and a CSV file. The report, the
 * view and the filters live in the address, so a report is shared by its link.
 */
export function ReportsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readAddress(params);
  const go = (patch: { report?: ReportKind; view?: ReportView; filters?: ReportFilters }) =>
    setParams(writeAddress({ ...state, ...patch }), { replace: true });
  const View = VIEWS[state.report];

  return (
    <>
      <ScreenTitle>{t('reports.title')}</ScreenTitle>
      <Stack gap="md">
        <ReportFiltersBar filters={state.filters} onChange={(filters) => go({ filters })} />
        <Tabs value={state.report} onChange={(report) => report && go({ report: report as ReportKind })}>
          <Group justify="space-between" wrap="wrap">
            <Tabs.List>
              {REPORT_KINDS.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {t(`reports.tabs.${kind}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Group gap="xs">
              <Text size="sm" id="report-view-label">
                {t('reports.view')}
              </Text>
              <SegmentedControl
                aria-labelledby="report-view-label"
                value={state.view}
                onChange={(view) => go({ view: view as ReportView })}
                data={[
                  { value: 'chart', label: t('reports.chart') },
                  { value: 'table', label: t('reports.table') },
                ]}
              />
            </Group>
          </Group>
          <Tabs.Panel value={state.report} pt="md">
            <View filters={state.filters} view={state.view} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
