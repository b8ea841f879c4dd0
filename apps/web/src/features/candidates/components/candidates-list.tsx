import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SearchedCandidate } from '../types';
import { CandidateCard } from './candidate-card';

export interface CandidatesListProps {
  candidates: SearchedCandidate[] | undefined;
  loading: boolean;
  selected: Set<number>;
  onToggle: (id: number) => void;
}

/** The page's cards, or the empty text 'There is no candidate matching your criteria' (SPEC section 2). */
export function CandidatesList({ candidates, loading, selected, onToggle }: CandidatesListProps) {
  const { t } = useTranslation();
  if (loading && !candidates) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!candidates || candidates.length === 0) {
    return (
      <Text c="gray.8" ta="center" py="xl">
        {t('candidates.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {candidates.map((candidate) => (
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
