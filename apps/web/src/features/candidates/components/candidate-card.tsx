import { Badge, Card, Checkbox, Group, Image, Mark, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SocialRow } from '../../../shared/widgets/social-row/social-row';
import type { SearchedCandidate } from '../types';
import { ContactPopover } from './contact-popover';

/** Shown when a candidate has no picture, or when it does not load (SPEC section 2). */
export const FALLBACK_PICTURE = '/candidate-fallback.svg';

/** Clicks on a control of the card do their own thing; a click anywhere else toggles the selection. */
const INTERACTIVE = 'a, button, input, label, [role="dialog"]';

export interface CandidateCardProps {
  candidate: SearchedCandidate;
  selected: boolean;
  onToggle: (id: number) => void;
}

/**
 * One candidate of the database (SPEC section 2): picture with a fallback, name (the API falls back to the
 * manual data), social links, up to 3 emails and 3 phones in popovers, title (the profile's, else the manual
 * one) and tags. Clicking the card toggles its selection; the checkbox is the keyboard's way.
 */
export function CandidateCard({ candidate, selected, onToggle }: CandidateCardProps) {
  const { t } = useTranslation();
  const name = candidate.fullName || t('candidates.card.unnamed');
  const title = candidate.details.title || candidate.manualData.title;
  const headingId = `candidate-${candidate.id}-name`;

  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    onToggle(candidate.id);
  };

  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={headingId}
      onClick={onCardClick}
      style={{
        cursor: 'pointer',
        borderColor: selected ? 'var(--mantine-color-indigo-8)' : undefined,
        boxShadow: selected ? '0 0 0 1px var(--mantine-color-indigo-8)' : undefined,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          checked={selected}
          onChange={() => onToggle(candidate.id)}
          aria-label={t('candidates.card.select', { name })}
          mt={4}
        />
        <Image
          src={candidate.pictureUrl || FALLBACK_PICTURE}
          fallbackSrc={FALLBACK_PICTURE}
          alt={t('candidates.card.picture', { name })}
          w={48}
          h={48}
          radius="xl"
        />
        <Stack gap={2} miw={0} flex={1}>
          <Text fw={700} id={headingId} truncate>
            {name}
          </Text>
          {title && (
            <Text size="sm" c="gray.8" truncate>
              {title}
            </Text>
          )}
          <Group gap={4}>
            <SocialRow profiles={candidate.socialNetworks} />
            <ContactPopover
              kind="email"
              values={candidate.contacts.emails}
              label={(count) => t('candidates.card.emails', { name, count })}
            />
            <ContactPopover
              kind="phone"
              values={candidate.contacts.phones}
              label={(count) => t('candidates.card.phones', { name, count })}
            />
          </Group>
        </Stack>
      </Group>
      {candidate.cvExcerpt && (
        <Text size="sm" c="gray.8" mt="sm" lineClamp={3}>
          <Text span fw={600} size="sm">
            {t('candidates.cvExcerpt', { file: candidate.cvExcerpt.fileName })}
          </Text>{' '}
          {candidate.cvExcerpt.parts.map((part, index) =>
            part.match ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sentence, never reordered.
              <Mark key={index}>{part.text}</Mark>
            ) : (
              part.text
            ),
          )}
        </Text>
      )}
      {candidate.tags.length > 0 && (
        <Group gap={4} mt="sm">
          {candidate.tags.map((tag) => (
            <Badge key={tag.id} variant="outline" color="gray.8" radius="sm" tt="none">
              {tag.name}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}
