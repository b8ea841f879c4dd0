import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/router';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Form() {
  const [value, setValue] = useState('');
  useUnsavedChangesGuard(value !== '');
  return (
    <>
      <input aria-label="Name" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

const routes = [
  { path: '/form', element: <Form /> },
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
});
