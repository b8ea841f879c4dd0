import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';

/**
 * The users search box (SPEC section 4, "Users screen"): `typing` is set on each keystroke and cleared 300 ms
 * after the last, when the text becomes the `search` the list is fetched with; clearing the box searches at
 * once (the shared list search's rule). `onSearch` hears each new search (the list goes back to page 1).
 */
export function useTypingSearch(onSearch: (search: string) => void) {
  const [search, setSearch] = useState('');
  const [typing, setTyping] = useState(false);
  const box = useDebouncedSearch(
    search,
    (value) => {
      setSearch(value);
      setTyping(false);
      onSearch(value);
    },
    SEARCH_DEBOUNCE_MS.users,
  );
  const onChange = (value: string) => {
    setTyping(value.trim() !== '');
    box.onChange(value);
  };
  return { text: box.text, search, typing, onChange };
}
