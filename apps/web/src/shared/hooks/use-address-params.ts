import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** An edit of the address's query parameters, made in place on a copy. */
export type AddressChange = (params: URLSearchParams) => void;

/**
 * The address's query parameters and a way to change them that always starts from the latest address.
 *
 * React Router's functional `setSearchParams` reads the params of the render that created the setter, so a
 * setter held in a closure (a form's `onSaved` called when its save answers; a debounced search) would rebuild
 * the address from before and undo a change made meanwhile; two changes before the next render would undo each
 * other. `change` applies to the last address asked for instead.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // React Router's setter is a new function whenever the address changes; `change` keeps one identity, so the
  // controls given a setter built on it (memoised rows and panels) are not re-rendered by every address change.
  const set = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = params;
    set.current = setParams;
  }, [params, setParams]);
  const change = useCallback((apply: AddressChange, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(latest.current);
    apply(next);
    latest.current = next;
    set.current(next, { replace: options.replace ?? false });
  }, []);
  return [params, change] as const;
}

/** Sets a parameter, or removes it when the value is empty. */
export const setOrDelete = (params: URLSearchParams, key: string, value: string | undefined) =>
  value === undefined || value === '' ? params.delete(key) : params.set(key, value);
