import '@mantine/spotlight/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../shared/hooks/use-debounced-search';
import { LANGUAGES } from '../../shared/i18n/i18n';
import { useCandidateLookup } from '../../shared/resources/candidates/find-candidates-by-name';
import { useJobOfferSearch } from '../../shared/resources/job-offers/search-job-offers';
import { useAppStore } from '../../shared/store/app-store';
import { LANGUAGE_NAMES } from '../layout/language-picker';
import { registerPaletteTexts } from './i18n';

registerPaletteTexts();

interface PaletteItem {
  id: string;
  label: string;
  description?: string | undefined;
  run: () => void;
}

export interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The command palette (issue 28), Mantine's Spotlight: job offers and candidates by name through the existing
 * search endpoints (the picker's and the candidate search's, each on its index), the actions (new offer, new
 * candidate, import, export the offer on screen) and the languages. Loaded with its own chunk on the first
 * Ctrl/Cmd + K (`command-palette-launcher.tsx`).
 */
export function CommandPalette({ opened, onClose }: CommandPaletteProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const setContext = useAppStore((state) => state.setContext);
  const [store, spotlight] = useMemo(() => createSpotlight(), []);
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS.commandPalette);
  const offers = useJobOfferSearch(search, search.length > 0);
  const candidates = useCandidateLookup(search);
  const offerOnScreen = useMatch('/jobs/:jobId')?.params.jobId;

  useEffect(() => {
    if (opened) spotlight.open();
    else spotlight.close();
  }, [opened, spotlight]);

  const matches = (label: string) => label.toLowerCase().includes(query.trim().toLowerCase());
  const actions: PaletteItem[] = [
    { id: 'new-offer', label: t('palette.newJobOffer'), run: () => navigate('/jobs?creating=true') },
    {
      id: 'new-candidate',
      label: t('palette.newCandidate'),
      run: () => navigate('/candidates?dialog=create'),
    },
    { id: 'import', label: t('palette.importCandidates'), run: () => navigate('/candidates?dialog=import') },
    ...(offerOnScreen && /^\d+$/.test(offerOnScreen)
      ? [
          {
            id: 'export',
            label: t('palette.exportJobOffer'),
            run: () => navigate(`/jobs/${offerOnScreen}/export`),
          },
        ]
      : []),
  ].filter((item) => matches(item.label));
  const languages: PaletteItem[] = LANGUAGES.filter((language) => language !== i18n.resolvedLanguage)
    .map((language) => ({
      id: `language-${language}`,
      label: LANGUAGE_NAMES[language],
      description: t('palette.language'),
      run: () => setContext({ language }),
    }))
    .filter((item) => matches(item.label) || matches(t('palette.language')));
  const offerItems: PaletteItem[] = search
    ? (offers.data ?? []).map((offer) => ({
        id: `offer-${offer.id}`,
        label: offer.name,
        description: offer.company?.name ?? t('palette.noCompany'),
        run: () => navigate(`/jobs/${offer.id}`),
      }))
    : [];
  const candidateItems: PaletteItem[] = search
    ? (candidates.data?.data ?? []).map((candidate) => {
        const name = candidate.fullName.trim() || candidate.email || t('palette.unnamed');
        return {
          id: `candidate-${candidate.id}`,
          label: name,
          description: [candidate.email, candidate.details.title || candidate.manualData.title]
            .filter(Boolean)
            .join(' · '),
          run: () =>
            navigate(`/candidates?filters%5Bsearch%5D=${encodeURIComponent(candidate.email ?? name)}`),
        };
      })
    : [];

  const groups = [
    { label: t('palette.jobOffers'), items: offerItems },
    { label: t('palette.candidates'), items: candidateItems },
    { label: t('palette.actions'), items: actions },
    { label: t('palette.language'), items: languages },
  ].filter((group) => group.items.length > 0);

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={() => {
        setQuery('');
        onClose();
      }}
      scrollable
      maxHeight={440}
      title={t('palette.label')}
    >
      <Spotlight.Search
        placeholder={t('palette.search')}
        aria-label={t('palette.search')}
        leftSection={<IconSearch size={18} aria-hidden />}
      />
      <Spotlight.ActionsList aria-label={t('palette.label')}>
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label}>
            {group.items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.label}
                description={item.description || undefined}
                onClick={item.run}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 && <Spotlight.Empty>{t('palette.nothing')}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
