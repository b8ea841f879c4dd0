import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/router';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Form({ pathOnly = false }: { pathOnly?: boolean }) {
  const [value, setValue] = useState('');
  useUnsavedChangesGuard(
    value !== '',
    pathOnly ? (current, next) => current.pathname !== next.pathname : undefined,
  );
  return (
    <>
      <input aria-label="Name" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <Link to="/elsewhere">Leave</Link>
      <Link to="?page=2">Next page</Link>
    </>
  );
}

const routes = [
  { path: '/form', element: <Form /> },
  { path: '/path-only', element: <Form pathOnly /> },
  { path: '/elsewhere', element: <p>Elsewhere</p> },
];

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = renderRoutes(routes, '/form');
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving unsaved changes, and stays when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = renderRoutes(routes, '/form');
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to quit?');
    expect(router.state.location.pathname).toBe('/form');
  });

  it('leaves when confirmed', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderRoutes(routes, '/form');
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('asks the browser before unloading a dirty form', async () => {
    const { user } = renderRoutes(routes, '/form');
    await user.type(screen.getByLabelText('Name'), 'x');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('asks when the query string changes, unless the form says that does not leave it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const first = renderRoutes(routes, '/form');
    await first.user.type(screen.getByLabelText('Name'), 'x');
    await first.user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(first.router.state.location.search).toBe('');
    first.unmount();

    confirm.mockClear();
    const second = renderRoutes(routes, '/path-only');
    await second.user.type(screen.getByLabelText('Name'), 'x');
    await second.user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(second.router.state.location.search).toBe('?page=2');
    expect(confirm).not.toHaveBeenCalled();
  });
});
