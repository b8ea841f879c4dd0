import { Button, Divider, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interview, InterviewScorecards } from '../../resources/interviews/interview';
import { useInterviewScorecards, useSubmitScorecard } from '../../resources/interviews/scorecards';

const RATINGS = [1, 2, 3, 4] as const;

/**
 * An interview's scorecards (issue 27): the signed-in interviewer's form (overall rating from strong no to
 * strong yes, the offer's criteria, notes), then the others' once theirs is in (the server withholds them).
 */
export function InterviewScorecardsPanel({
  interview,
  candidateId,
}: {
  interview: Interview;
  candidateId: number;
}) {
  const { t } = useTranslation();
  const query = useInterviewScorecards(interview.id);
  if (!query.data) return null;
  const cards = query.data;
  return (
    <Stack gap="xs" component="section" aria-label={t('interviews.scorecards.title')}>
      <Divider />
      {cards.isInterviewer && interview.state === 'scheduled' && (
        <ScorecardForm
          key={cards.mine?.id ?? 0}
          interview={interview}
          cards={cards}
          candidateId={candidateId}
        />
      )}
      {cards.hidden > 0 && (
        <Text size="sm" c="gray.8">
          {t('interviews.scorecards.hidden', { count: cards.hidden })}
        </Text>
      )}
      {cards.others.map((card) => (
        <Stack key={card.id} gap={2}>
          <Text size="sm" fw={600}>
            {t('interviews.scorecards.by', {
              name: card.interviewer?.name ?? '?',
              rating: t(`interviews.scorecards.ratings.${card.rating}`),
            })}
          </Text>
          {card.criteria.map((c) => (
            <Text size="sm" key={c.criterionId}>
              {c.name}: {t(`interviews.scorecards.ratings.${c.rating}`)}
            </Text>
          ))}
          {card.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {card.notes}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function ScorecardForm({
  interview,
  cards,
  candidateId,
}: {
  interview: Interview;
  cards: InterviewScorecards;
  candidateId: number;
}) {
  const { t } = useTranslation();
  const submit = useSubmitScorecard(candidateId);
  const [rating, setRating] = useState<string>(cards.mine ? String(cards.mine.rating) : '');
  const [criteria, setCriteria] = useState<Record<number, string>>(
    Object.fromEntries((cards.mine?.criteria ?? []).map((c) => [c.criterionId, String(c.rating)])),
  );
  const [notes, setNotes] = useState(cards.mine?.notes ?? '');
  const ratingOptions = RATINGS.map((r) => ({
    value: String(r),
    label: t(`interviews.scorecards.ratings.${r}`),
  }));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return;
    try {
      await submit.mutateAsync({
        interviewId: interview.id,
        rating: Number(rating),
        criteria: Object.entries(criteria)
          .filter(([, v]) => v)
          .map(([id, v]) => ({ criterionId: Number(id), rating: Number(v) })),
        notes,
      });
    } catch {
      // toasted (SPEC section 8)
    }
  };

  return (
    <form onSubmit={(e) => void send(e)}>
      <Stack gap="xs">
        <Title order={4} size="h6">
          {t('interviews.scorecards.mine')}
          {cards.mine ? ` – ${t('interviews.scorecards.submitted')}` : ''}
        </Title>
        <Radio.Group label={t('interviews.scorecards.rating')} value={rating} onChange={setRating} required>
          <Stack gap={4} mt={4}>
            {ratingOptions.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
        {cards.criteria.map((c) => (
          <Select
            key={c.id}
            label={c.name}
            data={ratingOptions}
            value={criteria[c.id] ?? null}
            onChange={(v) => setCriteria((all) => ({ ...all, [c.id]: v ?? '' }))}
            clearable
          />
        ))}
        <Textarea
          label={t('interviews.scorecards.notes')}
          value={notes}
          maxLength={5000}
          autosize
          minRows={2}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Button type="submit" size="xs" loading={submit.isPending} disabled={!rating}>
          {t('interviews.scorecards.submit')}
        </Button>
      </Stack>
    </form>
  );
}
