import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConfirmPopover } from './confirm-popover';

describe('ConfirmPopover', () => {
  it("asks 'Are you sure?' and Cancel does nothing", async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <ConfirmPopover onConfirm={onConfirm}>
        <Button>Delete</Button>
      </ConfirmPopover>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
  });

  it('shows a loader on Ok until the action ends, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(
      <ConfirmPopover onConfirm={onConfirm} text="Delete this user?">
        <Button>Delete</Button>
      </ConfirmPopover>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete this user?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveAttribute('data-loading', 'true');
    finish();
    await waitFor(() => expect(screen.queryByText('Delete this user?')).toBeNull());
  });
});
