import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** SPEC section 9: the candidate database reloads 500 ms after the last keystroke. */
export const CANDIDATES_SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box's text, committed after a quiet period, at once when the box is cleared (SPEC section 4,
 * "Lists"). A committed value changed elsewhere (back button) shows in the box.
 */
export function useDebouncedSearch(committed: string, commit: (value: string) => void) {
  const [text, setText] = useState(committed);
  const debouncedCommit = useDebouncedCallback(commit, CANDIDATES_SEARCH_DEBOUNCE_MS);

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
