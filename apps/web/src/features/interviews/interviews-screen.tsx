import { Anchor, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWeekInterviews } from '../../shared/resources/interviews/get-interviews';
import type { InterviewListItem } from '../../shared/resources/interviews/interview';
import { candidateInOfferPath } from '../../shared/resources/job-offers/candidate-in-offer-path';
import { browserZone, formatWhen } from '../../shared/widgets/interviews/format-when';
import { registerInterviewTexts } from '../../shared/widgets/interviews/i18n';
import { CalendarFeedPanel } from './calendar-feed-panel';

registerInterviewTexts();

/** Monday 00:00 (the browser's clock) of the week `offset` weeks from this one. */
function weekStart(offset: number) {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7) + offset * 7);
  return day;
}

/**
 * The week view of interviews (issue 27): the licence's (or the signed-in user's own) interviews of a week,
 * day by day, each linked to its candidate in the offer's pipeline. A lazy screen of its own (/interviews).
 */
export function InterviewsScreen() {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const range = useMemo(() => {
    const from = weekStart(offset);
    const to = new Date(from);
    to.setDate(to.getDate() + 7);
    return { from, to };
  }, [offset]);
  const query = useWeekInterviews({
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    mine: scope === 'mine',
  });
  const zone = browserZone();
  const locale = i18n.language === 'fr' ? 'fr-FR' : 'en-GB';
  const days = Array.from({ length: 7 }, (_, i) => {
    const day = new Date(range.from);
    day.setDate(day.getDate() + i);
    return day;
  });
  const onDay = (day: Date) =>
    (query.data ?? []).filter(
      (interview) => new Date(interview.startsAt).toDateString() === day.toDateString(),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('interviews.week.title')}
        </Title>
        <SegmentedControl
          value={scope}
          onChange={(v) => setScope(v as 'mine' | 'all')}
          data={[
            { value: 'mine', label: t('interviews.week.mine') },
            { value: 'all', label: t('interviews.week.all') },
          ]}
        />
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setOffset((o) => o - 1)}>
          {t('interviews.week.previous')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setOffset(0)} disabled={offset === 0}>
          {t('interviews.week.thisWeek')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setOffset((o) => o + 1)}>
          {t('interviews.week.next')}
        </Button>
      </Group>
      {query.isPending ? (
        <Loader aria-label={t('interviews.week.title')} />
      ) : (query.data ?? []).length === 0 ? (
        <Text c="gray.8">{t('interviews.week.empty')}</Text>
      ) : (
        days.map((day) => {
          const items = onDay(day);
          if (items.length === 0) return null;
          const label = new Intl.DateTimeFormat(locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
          }).format(day);
          return (
            <Stack key={day.toISOString()} gap="xs" component="section" aria-label={label}>
              <Title order={2} size="h5">
                {label}
              </Title>
              {items.map((interview) => (
                <WeekItem key={interview.id} interview={interview} zone={zone} language={i18n.language} />
              ))}
            </Stack>
          );
        })
      )}
      <CalendarFeedPanel />
    </Stack>
  );
}

function WeekItem({
  interview,
  zone,
  language,
}: {
  interview: InterviewListItem;
  zone: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={candidateInOfferPath(interview.jobOffer.id, interview.candidate.id)}
            fw={600}
          >
            {interview.candidate.name}
          </Anchor>
          <Text size="sm" c="gray.8">
            {interview.jobOffer.name} · {t(`interviews.kinds.${interview.kind}`)} ·{' '}
            {t('interviews.with', { names: interview.interviewers.map((u) => u.name).join(', ') })}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatWhen(interview.startsAt, zone, language)}</Text>
          <Text size="xs" c={interview.state === 'cancelled' ? 'red.8' : 'gray.8'}>
            {interview.state === 'cancelled'
              ? t('interviews.cancelled')
              : t(`interviews.answers.${interview.answer?.kind ?? 'none'}`)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
