import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/hooks/use-debounced-search';
import { useTypingSearch } from './use-typing-search';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useTypingSearch', () => {
  it('is typing from the first keystroke until 300 ms after the last, then searches the last text once', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useTypingSearch(onSearch));
    expect(SEARCH_DEBOUNCE_MS.users).toBe(300);
    for (const text of ['a', 'ad', 'ada']) {
      act(() => result.current.onChange(text));
      act(() => vi.advanceTimersByTime(200));
    }
    expect(result.current).toMatchObject({ text: 'ada', search: '', typing: true });
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.typing).toBe(true);
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ text: 'ada', search: 'ada', typing: false });
    expect(onSearch.mock.calls).toEqual([['ada']]);
  });

  it('searches at once when the box is cleared, dropping a pending search', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useTypingSearch(onSearch));
    act(() => result.current.onChange('grace'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.onChange('grac'));
    act(() => result.current.onChange(''));
    expect(result.current).toMatchObject({ text: '', search: '', typing: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch.mock.calls).toEqual([['grace'], ['']]);
  });
});
