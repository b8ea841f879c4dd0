import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconBookmark, IconFileImport, IconFileText, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useCreditsLeft } from '../../shared/resources/licence/get-licence';
import { useTags } from '../../shared/resources/tags/get-tags';
import { useAppStore } from '../../shared/store/app-store';
import { Paginator } from '../../shared/widgets/paginator/paginator';
import { useStepBackPastLastPage } from '../../shared/widgets/paginator/use-step-back';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { SearchHeader } from '../../shared/widgets/search-header/search-header';
import { useCandidateSearch } from './api/search-candidates';
import { CandidatesList } from './components/candidates-list';
import { useCandidatesUrlState } from './components/candidates-url-state';
import { LegalBasisFilter } from './components/legal-basis-filter';
import { SourceFilter } from './components/source-filter';
import { fromWire, isComplete, type TagElement, toWire } from './components/tag-expression';
import { TagSearchBox } from './components/tag-search-box';
import { registerCandidateTexts } from './i18n';
import { CANDIDATES_PER_PAGE } from './types';

const NO_CREDITS_ID = 'candidates-no-credits';

/**
 * 'New candidate', 'Create from CVs' and 'Import CSV': each opens its dialog, and none can while no credit is
 * left.
 */
const ADD_BUTTONS = [
  { opens: 'create', variant: undefined, Icon: IconPlus, label: 'candidates.newCandidate' },
  { opens: 'cvs', variant: 'light', Icon: IconFileText, label: 'candidates.createFromCvs' },
  { opens: 'import', variant: 'light', Icon: IconFileImport, label: 'candidates.importCsv' },
] as const;

registerCandidateTexts();

// The dialogs load when first opened, in one chunk (every extra lazy chunk splits shared code further); the
// CSV parser and writer only when someone imports.
const dialogs = () => import('./components/candidate-dialogs');
const AddToJobOfferModal = lazy(async () => ({ default: (await dialogs()).AddToJobOfferModal }));
const CandidateFormModal = lazy(async () => ({ default: (await dialogs()).CandidateFormModal }));
const ImportModal = lazy(async () => ({
  default: (await import('./components/import/import-modal')).ImportModal,
}));
// Erasure (issue 24) is an admin's rare act: its dialog loads when first opened.
const EraseCandidatesModal = lazy(async () => ({
  default: (await import('../../shared/widgets/erase-candidate/erase-candidate-modal')).EraseCandidatesModal,
}));
// Saving the search (issue 28) loads its dialog and texts when first opened.
const SaveSearchModal = lazy(async () => ({
  default: (await import('./components/save-search-modal')).SaveSearchModal,
}));
const CvsModal = lazy(async () => ({
  default: (await import('./components/from-cvs/cvs-modal')).CvsModal,
}));

type Dialog = 'none' | 'add' | 'create' | 'import' | 'cvs' | 'erase' | 'save';

/**
 * Candidate database (/candidates), SPEC section 2: title with the selected count, text search (500 ms), the
 * tag search box and the filter by source (issue 23), the count badge, cards and pages; 'Select all', 'Add to
 * job offer'; 'New candidate' and 'Import CSV'. Page, text and source live in the address; the selection
 * survives paging.
 */
export function CandidatesScreen() {
  const { t } = useTranslation();
  // Both ways in spend a credit per candidate: at none left they are disabled, and the screen says why.
  const noCredits = (useCreditsLeft() ?? 1) <= 0;
  const { state, setPage, setSearch, setInCvs, setSource, setLegalBasis, setTags, dialogOpened } =
    useCandidatesUrlState();
  // The switch moves at once; the address (and the search) follow with the router's update.
  const [inCvs, showInCvs] = useState(state.inCvs);
  useEffect(() => showInCvs(state.inCvs), [state.inCvs]);
  const search = useDebouncedSearch(state.search, setSearch, SEARCH_DEBOUNCE_MS.candidateDatabase);
  // The tag expression lives in the address (`filters[tags][]`, decision 209), so a saved search holds it and
  // opening one restores it; the box's elements follow the address, named from the licence's tags.
  const tagsKey = state.tags.join(',');
  const tags = useMemo(() => (tagsKey === '' ? [] : tagsKey.split(',')), [tagsKey]);
  const tagList = useTags(tags.length > 0);
  const tagNames = useMemo(
    () => new Map((tagList.data ?? []).map((tag) => [tag.id, tag.name])),
    [tagList.data],
  );
  const [elements, setElements] = useState<TagElement[]>(() => fromWire(tags, tagNames));
  // The address changed (a saved search opened, back or forward): the box shows its expression, unless it is
  // the one the box just wrote there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names are applied by the next effect
  useEffect(() => {
    setElements((current) =>
      isComplete(current) && toWire(current).join(',') === tagsKey ? current : fromWire(tags, tagNames),
    );
  }, [tags, tagsKey]);
  // The licence's tags arrived (or changed): the box's tags take their names.
  useEffect(() => {
    if (tagNames.size === 0) return;
    setElements((current) =>
      current.some((e) => e.kind === 'tag' && e.name !== (tagNames.get(e.id) ?? e.name))
        ? current.map((e) => (e.kind === 'tag' ? { ...e, name: tagNames.get(e.id) ?? e.name } : e))
        : current,
    );
  }, [tagNames]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>('none');
  // The command palette's 'New candidate' and 'Import candidates' (issue 28) arrive as ?dialog=…; as the
  // buttons, they open nothing while no credit is left.
  useEffect(() => {
    if (!state.dialog) return;
    if (!noCredits) setDialog(state.dialog);
    dialogOpened();
  }, [state.dialog, noCredits, dialogOpened]);
  const params = useMemo(
    () => ({
      page: state.page,
      search: state.search,
      inCvs: state.inCvs,
      tags,
      source: state.source,
      legalBasis: state.legalBasis,
    }),
    [state.page, state.search, state.inCvs, tags, state.source, state.legalBasis],
  );
  const query = useCandidateSearch(params);
  const totalCount = query.data?.totalCount;
  const totalPages = Math.ceil((totalCount ?? 0) / CANDIDATES_PER_PAGE);
  const isAdmin = useAppStore((s) => s.user?.role === 'admin');
  // Erasure (issue 24): the selection, else every candidate the search finds, with all its filters (names,
  // CV words when "Search in CVs" is on, tags, source, legal basis), counted exactly: not past the count's cap.
  const filtered = Boolean(state.search || tags.length > 0 || state.source || state.legalBasis);
  const eraseSelection =
    selected.size > 0
      ? { selection: { candidateIds: [...selected] }, count: selected.size }
      : filtered && !query.data?.totalCountCapped && (totalCount ?? 0) > 0
        ? {
            selection: {
              filters: {
                search: state.search || undefined,
                inCvs: state.search && state.inCvs ? ('true' as const) : undefined,
                tags,
                source: state.source || undefined,
                legalBasis: state.legalBasis || undefined,
              },
            },
            count: totalCount ?? 0,
          }
        : undefined;

  // SPEC section 4: the search fires once a tag is the last element (or the box is emptied), from page 1.
  const changeTags = (next: TagElement[]) => {
    setElements(next);
    if (!isComplete(next)) return;
    const wire = toWire(next);
    if (wire.join(',') === tagsKey) return;
    setTags(wire);
  };

  // A page past the last (a stale address) steps back to the last page that has candidates.
  useStepBackPastLastPage(query, state.page, totalPages, setPage);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectAll = () =>
    setSelected((current) => new Set([...current, ...(query.data?.data ?? []).map((c) => c.id)]));

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="baseline">
          <ScreenTitle>{t('screens.candidates')}</ScreenTitle>
          <Badge variant="outline" color="indigo.9" size="lg">
            {t('candidates.selected', { count: selected.size })}
          </Badge>
        </Group>
        <Stack gap={4} align="flex-end">
          <Group gap="sm">
            {ADD_BUTTONS.map(({ opens, variant, Icon, label }) => (
              <Button
                key={opens}
                variant={variant}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => setDialog(opens)}
                disabled={noCredits}
                aria-describedby={noCredits ? NO_CREDITS_ID : undefined}
              >
                {t(label)}
              </Button>
            ))}
          </Group>
          {noCredits && (
            <Text id={NO_CREDITS_ID} size="sm" c="red.8" maw={420} ta="right">
              {t('candidates.noCredits')}
            </Text>
          )}
        </Stack>
      </Group>
      <Stack gap="md">
        <Group gap="sm" align="center" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <SearchHeader
              value={search.text}
              onChange={search.onChange}
              placeholder={t('candidates.searchLabel')}
            />
          </div>
          <Switch
            label={t('candidates.searchInCvs')}
            checked={inCvs}
            onChange={(event) => {
              showInCvs(event.currentTarget.checked);
              setInCvs(event.currentTarget.checked);
            }}
          />
          {totalCount !== undefined && (
            <Badge size="lg" variant="outline" color="indigo.9">
              {query.data?.totalCountCapped
                ? t('candidates.countCapped', { count: totalCount })
                : `${totalCount} ${t('candidates.count')}`}
            </Badge>
          )}
        </Group>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <TagSearchBox elements={elements} onChange={changeTags} />
          </div>
          <SourceFilter value={state.source} onChange={setSource} />
          <LegalBasisFilter value={state.legalBasis} onChange={setLegalBasis} />
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={selectAll} disabled={!query.data?.data.length}>
            {t('candidates.selectAll')}
          </Button>
          {selected.size > 0 && (
            <>
              <Button variant="subtle" onClick={() => setSelected(new Set())}>
                {t('candidates.clearSelection')}
              </Button>
              <Button onClick={() => setDialog('add')}>{t('candidates.addToJobOffer')}</Button>
            </>
          )}
          {/* A saved search keeps the text, the tag expression and the filters the address holds. */}
          <Button
            variant="light"
            leftSection={<IconBookmark size={16} aria-hidden />}
            onClick={() => setDialog('save')}
          >
            {t('candidates.saveSearch')}
          </Button>
          {isAdmin && eraseSelection && (
            <Button color="red" variant="light" onClick={() => setDialog('erase')}>
              {t('erasure.bulkAction')}
            </Button>
          )}
        </Group>
        <CandidatesList
          candidates={query.data?.data}
          loading={query.isPending}
          selected={selected}
          onToggle={toggle}
        />
        <Paginator page={state.page} totalPages={totalPages} onChange={setPage} />
      </Stack>
      <Suspense fallback={null}>
        {dialog === 'add' && (
          <AddToJobOfferModal
            opened
            selectedIds={[...selected]}
            onClose={() => setDialog('none')}
            onAdded={() => {
              setSelected(new Set());
              setDialog('none');
            }}
          />
        )}
        {dialog === 'create' && (
          <CandidateFormModal
            opened
            onClose={() => setDialog('none')}
            onShowDuplicate={(email) => search.onChange(email)}
          />
        )}
        {dialog === 'import' && <ImportModal opened onClose={() => setDialog('none')} />}
        {dialog === 'save' && (
          <SaveSearchModal
            query={{
              search: state.search,
              tags,
              inCvs: state.inCvs,
              source: state.source,
              legalBasis: state.legalBasis,
            }}
            onClose={() => setDialog('none')}
          />
        )}
        {dialog === 'cvs' && <CvsModal opened onClose={() => setDialog('none')} />}
        {dialog === 'erase' && eraseSelection && (
          <EraseCandidatesModal
            selection={eraseSelection.selection}
            count={eraseSelection.count}
            onClose={() => setDialog('none')}
            onErased={() => {
              setSelected(new Set());
              setDialog('none');
            }}
          />
        )}
      </Suspense>
    </>
  );
}
