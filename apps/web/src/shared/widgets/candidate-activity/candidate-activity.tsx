import { Box, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateEvent, Note } from '../../resources/activity/activity';
import { useNotes } from '../../resources/activity/notes';
import { useTimeline } from '../../resources/activity/timeline';
import { EVENT_FILTERS, type EventFilter } from './describe-event';
import { EventItem } from './event-item';
import { NoteComposer } from './note-composer';
import { NoteItem } from './note-item';

export interface CandidateActivityProps {
  candidateId: number;
  /** Only this application's events and notes (the application view). */
  jobApplicationId?: number | undefined;
}

type Entry = { at: string; key: string } & ({ note: Note } | { event: CandidateEvent });

/**
 * A candidate's activity (issue 21): 'Add a note' (the rich-text editor, `@` offers the licence's users), then
 * the notes and the timeline's events merged newest first, filtered by kind, with times relative to now in the
 * user's language; older events a page at a time.
 */
export function CandidateActivity({ candidateId, jobApplicationId }: CandidateActivityProps) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<EventFilter>('all');
  const kinds = [...EVENT_FILTERS[filter]];
  const timeline = useTimeline(candidateId, { kinds, jobApplicationId });
  const notes = useNotes(candidateId, jobApplicationId);
  const language = i18n.resolvedLanguage ?? 'en';

  const events: Entry[] =
    filter === 'notes'
      ? []
      : (timeline.data?.pages ?? []).flatMap((page) =>
          page.data.map((event) => ({ at: event.createdAt, key: `e${event.id}`, event })),
        );
  // Notes older than the oldest event loaded wait for 'Show older activity', so the order stays true.
  const oldest = timeline.hasNextPage ? events.at(-1)?.at : undefined;
  const shownNotes: Entry[] =
    filter === 'all' || filter === 'notes'
      ? (notes.data?.data ?? [])
          .filter((note) => filter === 'notes' || oldest === undefined || note.createdAt >= oldest)
          .map((note) => ({ at: note.createdAt, key: `n${note.id}`, note }))
      : [];
  const entries = [...shownNotes, ...events].sort((a, b) => b.at.localeCompare(a.at));
  const loading = timeline.isPending || notes.isPending;

  return (
    <Stack gap="sm" component="section" aria-label={t('activity.title')}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h6">
          {t('activity.title')}
        </Title>
        <Select
          size="xs"
          label={t('activity.filter')}
          value={filter}
          allowDeselect={false}
          onChange={(value) => setFilter((value as EventFilter | null) ?? 'all')}
          data={(Object.keys(EVENT_FILTERS) as EventFilter[]).map((value) => ({
            value,
            label: t(`activity.filters.${value}`),
          }))}
          comboboxProps={{ withinPortal: false }}
          w={200}
        />
      </Group>
      <NoteComposer candidateId={candidateId} jobApplicationId={jobApplicationId} />
      {loading ? (
        <Loader size="sm" aria-label={t('activity.title')} />
      ) : entries.length === 0 ? (
        <Text c="gray.7" size="sm">
          {t('activity.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <Box component="li" key={entry.key}>
              {'note' in entry ? (
                <NoteItem note={entry.note} candidateId={candidateId} language={language} />
              ) : (
                <EventItem event={entry.event} candidateId={candidateId} language={language} />
              )}
            </Box>
          ))}
        </Stack>
      )}
      {timeline.hasNextPage && filter !== 'notes' && (
        <Button
          variant="subtle"
          size="compact-sm"
          loading={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {t('activity.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
