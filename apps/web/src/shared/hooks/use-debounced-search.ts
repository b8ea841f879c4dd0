import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * SPEC section 9: how long after the last keystroke each search asks again (candidate list of a job offer, job
 * offers index, candidate database, users screen, company search, the job offer pickers). The one place the
 * delays are written; lists use `useDebouncedSearch`, pickers Mantine's `useDebouncedValue`.
 */
export const SEARCH_DEBOUNCE_MS = {
  candidateList: 300,
  jobOffers: 500,
  candidateDatabase: 500,
  users: 300,
  companies: 150,
  jobOfferPickers: 300,
  // The command palette (issue 28): results within 100 ms of the server, so a short pause is enough.
  commandPalette: 150,
};

/**
 * The search box's text, committed after a quiet period, at once when the box is cleared (SPEC section 4,
 * "Lists"). A committed value changed elsewhere (back button) shows in the box.
 */
export function useDebouncedSearch(committed: string, commit: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(committed);
  const debouncedCommit = useDebouncedCallback(commit, delayMs);

  useEffect(() => {
    if (!debouncedCommit.isPending()) setText(committed);
  }, [committed, debouncedCommit]);

  const onChange = (value: string) => {
    setText(value);
    if (value.trim() === '') {
      debouncedCommit.cancel();
      if (committed !== '') commit('');
    } else debouncedCommit(value);
  };

  return { text, onChange };
}
