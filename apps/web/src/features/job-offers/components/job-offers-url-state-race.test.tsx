import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useJobOffersUrlState } from './job-offers-url-state';

/** The hook rendered inside a memory router at `path`; the router tells where the address is. */
function renderUrlState(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/job_offers', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useJobOffersUrlState(), { wrapper });
  const search = () => new URLSearchParams(router?.state.location.search);
  return { ...hook, search };
}

describe('the index state kept in the address', () => {
  it('keeps a search typed while the new-offer form was saving when the form closes', async () => {
    const { result, search } = renderUrlState('/job_offers?creating=true');
    // The form holds the setter of the render it was opened in, and calls it when its save answers.
    const closeFromTheForm = result.current.setCreating;
    await act(async () => result.current.setSearch('designer'));
    expect(result.current.state.search).toBe('designer');
    await act(async () => closeFromTheForm(false));
    expect(result.current.state).toMatchObject({ creating: false, search: 'designer' });
    expect(search().get('filters[search]')).toBe('designer');
    expect(search().has('creating')).toBe(false);
  });

  it('builds two changes made before the next render on each other', async () => {
    const { result, search } = renderUrlState('/job_offers?page=3');
    await act(async () => {
      result.current.setOwner('mine');
      result.current.setArchived(true);
    });
    expect(result.current.state).toMatchObject({ owner: 'mine', archived: true, page: 1 });
    expect(search().get('filters[owner]')).toBe('mine');
  });
});
