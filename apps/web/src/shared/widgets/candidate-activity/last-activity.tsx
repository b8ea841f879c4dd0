import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CandidateEventKind } from '../../resources/activity/activity';
import { describeEvent } from './describe-event';
import { relativeTime } from './relative-time';

export interface LastActivityProps {
  lastActivity:
    | { kind: string; createdAt: string; actor: { name: string } | null; data: Record<string, unknown> }
    | null
    | undefined;
  notesCount: number | undefined;
}

/**
 * One line of a card (issue 21): the candidate's latest event, who and when ("Moved from New to Interview in
 * Backend by Ana, 2 days ago"), and how many notes they have.
 */
export function LastActivity({ lastActivity, notesCount }: LastActivityProps) {
  const { t, i18n } = useTranslation();
  const parts: string[] = [];
  if (lastActivity) {
    const what = describeEvent({ kind: lastActivity.kind as CandidateEventKind, data: lastActivity.data }, t);
    const when = relativeTime(lastActivity.createdAt, i18n.resolvedLanguage ?? 'en');
    parts.push(
      lastActivity.actor
        ? t('activity.lastActivity', { what, name: lastActivity.actor.name, when })
        : `${what}, ${when}`,
    );
  }
  if (notesCount) parts.push(t('activity.notesCount', { count: notesCount }));
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="gray.7" truncate title={parts.join(' · ')}>
      {parts.join(' · ')}
    </Text>
  );
}
