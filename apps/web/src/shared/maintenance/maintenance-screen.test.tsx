import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { formatMaintenanceEnd, maintenanceEnd } from './maintenance-end';
import { MaintenanceScreen } from './maintenance-screen';

describe('the maintenance page', () => {
  it('ends duration minutes after the start', () => {
    expect(maintenanceEnd('2026-11-22T10:00:00Z', 90).toISOString()).toBe('2026-11-22T11:30:00.000Z');
  });

  it('formats the end with short month, day, year, hour and minute in the language', () => {
    const expected = new Intl.DateTimeFormat('fr', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-11-22T10:30:00Z'));
    expect(formatMaintenanceEnd('2026-11-22T10:00:00Z', 30, 'fr')).toBe(expected);
    expect(formatMaintenanceEnd('2026-11-22T10:00:00Z', 30, 'en')).toMatch(/Nov 22, 2026/);
  });

  it('says when the site is expected back and reloads on demand', async () => {
    const onReload = vi.fn();
    const { user } = renderWithProviders(
      <MaintenanceScreen
        maintenance={{ breakAt: '2026-11-22T10:00:00Z', duration: 30 }}
        onReload={onReload}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Vivier is under maintenance' })).toBeInTheDocument();
    expect(screen.getByText(/expect to be back around .*Nov 22, 2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
