import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchedCandidate } from '../types';
import { CandidateCard } from './candidate-card';

export interface CandidatesListProps {
  candidates: SearchedCandidate[] | undefined;
  loading: boolean;
  selected: Set<number>;
  onToggle: (id: number) => void;
}

/**
 * The page's cards, or the empty text 'There is no candidate matching your criteria' (SPEC section 2).
 *
 * The cards render from a deferred copy of the page: an answer arrives through TanStack Query's external store,
 * which React renders synchronously, so twenty cards at once were one main-thread task of 80-260 ms. Deferred,
 * React renders them in slices it can interrupt (a keystroke stays quick), and commits them once (decision 213).
 */
export function CandidatesList({ candidates, loading, selected, onToggle }: CandidatesListProps) {
  const { t } = useTranslation();
  const shown = useDeferredValue(candidates);
  if (!shown && (loading || candidates)) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!shown || shown.length === 0) {
    return (
      <Text c="gray.8" ta="center" py="xl">
        {t('candidates.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {shown.map((candidate) => (
        <CandidateCard
          key={candidate.id}
          candidate={candidate}
          selected={selected.has(candidate.id)}
          onToggle={onToggle}
        />
      ))}
    </SimpleGrid>
  );
}
