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
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (apply: AddressChange, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      apply(next);
      latest.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams],
  );
  return [params, change] as const;
}

/** Sets a parameter, or removes it when the value is empty. */
export const setOrDelete = (params: URLSearchParams, key: string, value: string | undefined) =>
  value === undefined || value === '' ? params.delete(key) : params.set(key, value);
