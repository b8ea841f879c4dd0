import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Location } from 'react-router';
import { useUnsavedChangesGuard } from '../../../../shared/hooks/use-unsaved-changes-guard';
import { useCreateJobOffer } from '../../api/create-job-offer';
import { useUpdateJobOffer } from '../../api/update-job-offer';
import type { JobOffer } from '../../types';
import { AssignedUsersPicker } from './assigned-users-picker';
import { CompanySelector } from './company-selector';
import { draftOf, fieldsOf, isDraftChanged } from './job-offer-draft';
import { TagArea } from './tag-area';
import { useJobOfferTags } from './use-job-offer-tags';

export interface JobOfferFormProps {
  /** The offer to edit; left out, the form creates one. */
  offer?: JobOffer;
  onCancel: () => void;
  onSaved: (offer: JobOffer) => void;
  /** Hides the Create button, for a screen that submits the form its own way (SPEC section 2). */
  hideCreateButton?: boolean;
}

const leavesNewOfferForm = (current: Location, next: Location) =>
  current.pathname !== next.pathname || new URLSearchParams(next.search).get('creating') !== 'true';

/**
 * The job offer edit form (SPEC section 2): 'Edit job offer' or 'New job offer', name, assigned users, company
 * and tags, Cancel and Create or Update. Leaving it with unsaved changes asks first.
 */
export function JobOfferForm({ offer, onCancel, onSaved, hideCreateButton = false }: JobOfferFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = useMemo(() => draftOf(offer), [offer]);
  const [draft, setDraft] = useState(initial);
  const [closing, setClosing] = useState(false);
  const tags = useJobOfferTags(offer);
  const create = useCreateJobOffer();
  const update = useUpdateJobOffer();
  const isNew = offer === undefined;

  const dirty = isDraftChanged(draft, initial) || (isNew && tags.tags.length > 0);
  // The new-offer form lives in the index's `creating` parameter: searching or paging keeps it open, so only
  // another path or dropping that parameter leaves it. An inline edit goes with its card on any list change.
  useUnsavedChangesGuard(dirty && !closing, isNew ? leavesNewOfferForm : undefined);

  /** The guard must let go before the form goes away, so the close waits for that render. */
  const close = (then: () => void) => {
    flushSync(() => setClosing(true));
    then();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = isNew
        ? await tags.attachPending(await create.mutateAsync(fieldsOf(draft)))
        : await update.mutateAsync({ id: offer.id, fields: fieldsOf(draft) });
      close(() => onSaved(saved));
    } catch {
      // toasted by the call (SPEC section 8); the form stays open with its changes
    }
  };

  const saving = create.isPending || update.isPending;
  return (
    <Paper withBorder p="md" component="form" aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {isNew ? t('jobOffers.form.newTitle') : t('jobOffers.form.editTitle')}
        </Title>
        <TextInput
          label={t('jobOffers.form.name')}
          value={draft.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setDraft((current) => ({ ...current, name }));
          }}
          data-autofocus
        />
        <AssignedUsersPicker
          value={draft.assignedUsers}
          onChange={(assignedUsers) => setDraft((current) => ({ ...current, assignedUsers }))}
        />
        <CompanySelector
          value={draft.company}
          onChange={(company) => setDraft((current) => ({ ...current, company }))}
        />
        <TagArea tags={tags.tags} onAdd={tags.add} onRemove={tags.remove} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => close(onCancel)} disabled={saving}>
            {t('jobOffers.form.cancel')}
          </Button>
          {isNew && !hideCreateButton && (
            <Button type="submit" loading={saving}>
              {t('jobOffers.form.create')}
            </Button>
          )}
          {!isNew && (
            <Button type="submit" loading={saving}>
              {t('jobOffers.form.update')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
