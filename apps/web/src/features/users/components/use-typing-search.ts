import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** SPEC section 9: the users search waits 300 ms after the last keystroke. */
export const USERS_SEARCH_DEBOUNCE_MS = 300;

/**
 * The users search box (SPEC section 4, "Users screen"): `typing` is set on each keystroke and cleared 300 ms
 * after the last, when the text becomes the `search` the list is fetched with; clearing the box searches at
 * once. `onSearch` hears each new search (the list goes back to page 1).
 */
export function useTypingSearch(onSearch: (search: string) => void) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [typing, setTyping] = useState(false);
  const apply = (value: string) => {
    setSearch(value);
    setTyping(false);
    onSearch(value);
  };
  const commit = useDebouncedCallback(apply, USERS_SEARCH_DEBOUNCE_MS);

  const onChange = (value: string) => {
    setText(value);
    if (value.trim() === '') {
      commit.cancel();
      apply('');
      return;
    }
    setTyping(true);
    commit(value);
  };

  return { text, search, typing, onChange };
}
