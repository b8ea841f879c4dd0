import type { TFunction } from 'i18next';
import type { CandidateEvent, CandidateEventKind } from '../../resources/activity/activity';

type Named = { id?: number; name?: string } | null | undefined;
const nameOf = (value: unknown, fallback = '?') => ((value as Named)?.name ?? fallback) as string;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The timeline's filter: each choice and the event kinds it shows (notes are not events). */
export const EVENT_FILTERS = {
  all: [],
  notes: [],
  moves: ['status_changed'],
  emails: ['email_sent'],
  applications: ['application_created', 'application_deleted', 'application_copied', 'exported'],
  tags: ['tag_added', 'tag_removed'],
  contacts: ['contact_added', 'contact_removed', 'contact_made_primary'],
  profile: ['profile_edited'],
  origin: ['created', 'imported'],
  interviews: [
    'interview_scheduled',
    'interview_rescheduled',
    'interview_cancelled',
    'interview_answered',
    'scorecard_submitted',
  ],
} as const satisfies Record<string, readonly CandidateEventKind[]>;
export type EventFilter = keyof typeof EVENT_FILTERS;

/**
 * An interview's start in the user's language, in the organiser's time zone (i18next's Intl formatter). The
 * event's data arrives camelCased like every payload (`starts_at` is `startsAt` here).
 */
const when = (d: Record<string, unknown>) => ({
  when: new Date(text(d.startsAt)),
  formatParams: {
    when: { dateStyle: 'medium', timeStyle: 'short', timeZone: text(d.timeZone) || undefined },
  },
});

/** What an event says, in one line of the user's language ("Moved from New to Interview in Backend"). */
export function describeEvent(event: Pick<CandidateEvent, 'kind' | 'data'>, t: TFunction): string {
  const d = event.data as Record<string, unknown>;
  const offer = nameOf(d.offer);
  switch (event.kind) {
    case 'status_changed':
      return d.from
        ? t('activity.events.status_changed', { from: nameOf(d.from), to: nameOf(d.to), offer })
        : t('activity.events.status_changed_first', { to: nameOf(d.to), offer });
    case 'application_created':
      if (d.via === 'careers')
        return t('activity.events.application_applied', { offer, source: text(d.source) });
      return t(`activity.events.${event.kind}`, { offer });
    case 'application_deleted':
    case 'exported':
      return t(`activity.events.${event.kind}`, { offer });
    case 'application_copied':
      return t('activity.events.application_copied', { from: nameOf(d.from), offer });
    case 'email_sent':
      return t('activity.events.email_sent', { subject: text(d.subject) });
    case 'tag_added':
    case 'tag_removed':
      return t(`activity.events.${event.kind}`, { tag: nameOf(d.tag) });
    case 'contact_added':
    case 'contact_removed':
    case 'contact_made_primary':
      return t(`activity.events.${event.kind}`, { value: text(d.value) });
    case 'profile_edited': {
      const changes = Array.isArray(d.changes) ? (d.changes as { field?: string }[]) : [];
      const fields = changes.map((c) => (c.field ?? '').split('.').pop()).join(', ');
      return t('activity.events.profile_edited', { fields });
    }
    case 'created':
      if (d.how === 'import' || d.how === 'cv') {
        return t(`activity.events.created_${d.how}`, { file: text(d.file) || t('activity.events.aFile') });
      }
      if (d.how === 'careers') return t('activity.events.created_careers');
      return t('activity.events.created_form');
    case 'imported':
      return t('activity.events.imported', { file: text(d.file) || t('activity.events.aFile') });
    case 'interview_scheduled':
    case 'interview_rescheduled':
    case 'interview_cancelled':
      return t(`activity.events.${event.kind}`, { offer, ...when(d) });
    case 'interview_answered':
      return t(
        `activity.events.interview_${text(d.answer) === 'proposed' ? 'proposed' : text(d.answer) === 'declined' ? 'declined' : 'accepted'}`,
        {
          note: text(d.note),
          ...when(d),
        },
      );
    case 'scorecard_submitted':
      return t('activity.events.scorecard_submitted', {
        rating: t(`activity.ratings.${Math.min(4, Math.max(1, Number(d.rating) || 1))}`),
      });
  }
}

/** The reason stored on a rejection, as one line, or null. */
export function rejectionOf(event: Pick<CandidateEvent, 'kind' | 'data'>): string | null {
  if (event.kind !== 'status_changed') return null;
  const d = event.data as Record<string, unknown>;
  const parts = [nameOf(d.reason, ''), text(d.reasonText)].filter(Boolean);
  return parts.length > 0 ? parts.join(' — ') : null;
}
