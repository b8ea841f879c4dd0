import { Anchor, Button, Group, Modal, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../shared/notifications/toast';
import { careersAddress, useCareersSite } from '../../../../shared/resources/careers-site/careers-site';
import {
  useJobOfferQuestions,
  useSaveJobOfferQuestions,
} from '../../../../shared/resources/job-offers/job-offer-questions';
import { useSaveJobPosting } from '../../api/save-job-posting';
import type { JobOffer } from '../../types';
import { registerPostingTexts } from './i18n';
import { type PostingDraft, postingDraftOf, postingFieldsOf, postingProblems } from './posting-draft';
import { PostingFields } from './posting-fields';
import { type QuestionRow, QuestionsEditor, questionsValid } from './questions-editor';

registerPostingTexts();

export interface JobPostingModalProps {
  offer: JobOffer;
  onClose: () => void;
}

/**
 * An offer's posting (issue 23, decision 189): what the careers site shows of it, its apply form's questions
 * and the Published switch, with the public link once published. One Save writes the offer, then its questions.
 */
export default function JobPostingModal({ offer, onClose }: JobPostingModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PostingDraft>(() => postingDraftOf(offer));
  const questions = useJobOfferQuestions(offer.id);
  const [rows, setRows] = useState<QuestionRow[] | undefined>();
  const counter = useRef(0);
  const newKey = () => `new-${counter.current++}`;
  useEffect(() => {
    if (questions.data && rows === undefined) {
      setRows(questions.data.map((q) => ({ ...q, key: `q-${q.id}` })));
    }
  }, [questions.data, rows]);
  const site = useCareersSite();
  const update = useSaveJobPosting();
  const saveQuestions = useSaveJobOfferQuestions(offer.id);
  const [saved, setSaved] = useState(offer);

  const problems = Object.values(postingProblems(draft)).some(Boolean);
  const valid = !problems && rows !== undefined && questionsValid(rows);
  const link =
    saved.published && saved.publicSlug && site.data
      ? careersAddress(`${site.data.publicPath}/jobs/${saved.publicSlug}`)
      : undefined;

  const save = async () => {
    if (!rows) return;
    try {
      const next = await update.mutateAsync({ id: offer.id, fields: postingFieldsOf(draft) });
      await saveQuestions.mutateAsync(
        rows.map(({ key: _key, ...q }) => ({
          ...(q.id ? { id: q.id } : {}),
          kind: q.kind,
          label: q.label.trim(),
          ...(q.kind === 'single_choice' ? { choices: q.choices ?? [] } : {}),
          required: q.required ?? false,
        })),
      );
      setSaved(next);
      setDraft(postingDraftOf(next));
      setRows(undefined);
      showToast(t('jobOffers.posting.saved'), 'success');
    } catch {
      // toasted by the call; the form keeps its changes
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={t('jobOffers.posting.title', { name: offer.name })}>
      <Stack gap="md">
        <Switch
          label={t('jobOffers.posting.published')}
          description={
            offer.archived ? t('jobOffers.posting.archivedHint') : t('jobOffers.posting.publishedHint')
          }
          checked={draft.published}
          disabled={offer.archived}
          onChange={(event) => {
            const published = event.currentTarget.checked;
            setDraft((current) => ({ ...current, published }));
          }}
        />
        {site.data && !site.data.saved && (
          <Text size="sm" c="gray.8">
            {t('jobOffers.posting.siteNotSaved')}
          </Text>
        )}
        {link && (
          <Text size="sm">
            {t('jobOffers.posting.publicLink')}{' '}
            <Anchor href={link} target="_blank" rel="noopener" data-testid="public-link">
              {link}
            </Anchor>
          </Text>
        )}
        <PostingFields
          draft={draft}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        />
        <Title order={3} size="h5">
          {t('jobOffers.questions.title')}
        </Title>
        {rows ? <QuestionsEditor rows={rows} onChange={setRows} newKey={newKey} /> : <Skeleton height={60} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('jobOffers.posting.close')}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={!valid}
            loading={update.isPending || saveQuestions.isPending}
          >
            {t('jobOffers.posting.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
