import {
  Anchor,
  Box,
  Button,
  Group,
  Kbd,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/intl-formats';
import { showToast } from '../../notifications/toast';
import { showUndoToast } from '../../notifications/undo-toast';
import type { CandidateEvent, Note } from '../../resources/activity/activity';
import { useCreateNote, useDeleteNote, useNotes, useUpdateNote } from '../../resources/activity/notes';
import { useEmailContent, useTimeline } from '../../resources/activity/timeline';
import { useLicenceUsers } from '../../resources/users/get-licence-users';
import { useAppStore } from '../../store/app-store';
import { ConfirmPopover } from '../confirm-popover/confirm-popover';
import { LazyRichTextEditor } from '../rich-text-editor/lazy-rich-text-editor';
import { describeEvent, EVENT_FILTERS, type EventFilter, rejectionOf } from './describe-event';
import { relativeTime } from './relative-time';

export interface CandidateActivityProps {
  candidateId: number;
  /** Only this application's events and notes (the application view). */
  jobApplicationId?: number | undefined;
}

type Entry = { at: string; key: string } & ({ note: Note } | { event: CandidateEvent });

const NOTE_CONTROLS = ['bold', 'italic', 'underline', 'bulletList', 'orderedList', 'link'] as const;

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

/** The licence's users as the editor's `@` offers them. */
function useMentionables() {
  const users = useLicenceUsers();
  return () =>
    (users.data ?? []).map((u) => ({
      id: u.id,
      label: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email,
    }));
}

/** The key that opens 'Add a note' (shown beside the button, announced by it). */
const NOTE_SHORTCUT = 'n';

function NoteComposer({ candidateId, jobApplicationId }: CandidateActivityProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const create = useCreateNote(candidateId);
  const remove = useDeleteNote(candidateId);
  const mentionables = useMentionables();
  // Issue 21: a key opens 'Add a note' on the candidate shown (Mantine ignores it while typing in a field).
  useHotkeys([[NOTE_SHORTCUT, () => setOpen(true)]]);
  if (!open) {
    return (
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setOpen(true)}
          aria-keyshortcuts={NOTE_SHORTCUT}
        >
          {t('activity.notes.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('activity.notes.shortcut')} <Kbd size="xs">{NOTE_SHORTCUT.toUpperCase()}</Kbd>
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <LazyRichTextEditor
        value={content}
        onChange={setContent}
        label={t('activity.notes.editorLabel')}
        controls={NOTE_CONTROLS}
        mentionables={mentionables}
        autofocus
      />
      <Group gap="xs">
        <Button
          size="compact-sm"
          loading={create.isPending}
          disabled={content.replace(/<[^>]*>/g, '').trim() === ''}
          onClick={async () => {
            try {
              const note = await create.mutateAsync({ content, jobApplicationId });
              setContent('');
              setOpen(false);
              // Issue 28: every triage action can be taken back for as long as its toast shows.
              showUndoToast(t('activity.notes.added'), () =>
                remove.mutate(note.id, { onSuccess: () => showToast(t('activity.notes.removed'), 'info') }),
              );
            } catch {
              // toasted by the call
            }
          }}
        >
          {t('activity.notes.save')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={() => setOpen(false)}>
          {t('activity.notes.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What `toLocaleString` shows (day and time to the second), from a formatter built once. */
const FULL_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

function When({ at, language }: { at: string; language: string }) {
  return (
    <Text
      component="time"
      dateTime={at}
      size="xs"
      c="gray.7"
      title={dateTimeFormat(language, FULL_TIME).format(new Date(at))}
    >
      {relativeTime(at, language)}
    </Text>
  );
}

function NoteItem({ note, candidateId, language }: { note: Note; candidateId: number; language: string }) {
  const { t } = useTranslation();
  const me = useAppStore((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(note.content);
  const update = useUpdateNote(candidateId);
  const remove = useDeleteNote(candidateId);
  const mentionables = useMentionables();
  const mine = me !== null && (me.role === 'admin' || note.author?.id === me.id);
  const author = note.author?.name ?? t('activity.someone');
  return (
    <Paper withBorder p="xs" radius="sm" aria-label={t('activity.notes.by', { name: author })}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('activity.notes.by', { name: author })}
        </Text>
        <Group gap={6}>
          <When at={note.createdAt} language={language} />
          {note.updatedAt !== note.createdAt && (
            <Text size="xs" c="gray.7">
              ({t('activity.notes.edited')})
            </Text>
          )}
        </Group>
      </Group>
      {editing ? (
        <Stack gap="xs" mt="xs">
          <LazyRichTextEditor
            value={content}
            onChange={setContent}
            label={t('activity.notes.editorLabel')}
            controls={NOTE_CONTROLS}
            mentionables={mentionables}
          />
          <Group gap="xs">
            <Button
              size="compact-sm"
              loading={update.isPending}
              onClick={async () => {
                try {
                  await update.mutateAsync({ id: note.id, content });
                  setEditing(false);
                } catch {
                  // toasted by the call
                }
              }}
            >
              {t('activity.notes.save')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(false)}>
              {t('activity.notes.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Typography fz="sm" mt={4}>
          {/* Sanitised by the server with the editor's allow-list (decision 171). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
          <div dangerouslySetInnerHTML={{ __html: note.content }} />
        </Typography>
      )}
      {mine && !editing && (
        <Group gap="xs" mt={4}>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              setContent(note.content);
              setEditing(true);
            }}
          >
            {t('activity.notes.edit')}
          </Anchor>
          <ConfirmPopover text={t('activity.notes.confirmDelete')} onConfirm={() => remove.mutate(note.id)}>
            <Anchor component="button" type="button" size="xs" c="red.8">
              {t('activity.notes.delete')}
            </Anchor>
          </ConfirmPopover>
        </Group>
      )}
    </Paper>
  );
}

function EventItem({
  event,
  candidateId,
  language,
}: {
  event: CandidateEvent;
  candidateId: number;
  language: string;
}) {
  const { t } = useTranslation();
  const what = describeEvent(event, t);
  const reason = rejectionOf(event);
  const d = event.data as { emailId?: number; template?: { name?: string } | null };
  return (
    <Box px="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{event.actor ? t('activity.by', { what, name: event.actor.name }) : what}</Text>
        <When at={event.createdAt} language={language} />
      </Group>
      {reason && (
        <Text size="xs" c="gray.8">
          {t('activity.events.reason', { reason })}
        </Text>
      )}
      {event.kind === 'email_sent' && d.template?.name && (
        <Text size="xs" c="gray.8">
          {t('activity.events.email_template', { template: d.template.name })}
        </Text>
      )}
      {event.kind === 'email_sent' && typeof d.emailId === 'number' && (
        <EmailBody candidateId={candidateId} emailId={d.emailId} />
      )}
    </Box>
  );
}

function EmailBody({ candidateId, emailId }: { candidateId: number; emailId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const email = useEmailContent(candidateId, emailId, open);
  return (
    <Stack gap={4}>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
        {open ? t('activity.events.hideEmail') : t('activity.events.showEmail')}
      </Anchor>
      {open &&
        (email.data ? (
          <Paper withBorder p="xs">
            <Typography fz="sm">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the message as sent, sanitised when composed */}
              <div dangerouslySetInnerHTML={{ __html: email.data.content }} />
            </Typography>
          </Paper>
        ) : (
          <Loader size="xs" />
        ))}
    </Stack>
  );
}
