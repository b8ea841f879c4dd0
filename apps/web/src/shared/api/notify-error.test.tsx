import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render';
import { ApiError } from './api-error';
import { notifyError, withErrorToast } from './notify-error';

const shown = async (error: unknown) => {
  render(<TestProviders>{null}</TestProviders>);
  act(() => notifyError(error, 'The tags could not be fetched'));
  return screen.findByRole('alert');
};

vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => act(() => notifications.clean()));

describe('the generic error toast (SPEC section 8)', () => {
  it('warns to check the connection on timeout', async () => {
    expect(await shown(new ApiError('timeout', 'Timeout'))).toHaveTextContent(
      'Please check your internet connection',
    );
  });

  it('says an error occured when nothing answered, or on 401', async () => {
    expect(await shown(new ApiError('network', 'Network Error'))).toHaveTextContent(
      'An error occured, please check your internet connection',
    );
  });

  it('says an error occured on 401', async () => {
    const error = new ApiError('http', 'x', {
      status: 401,
      body: { error: 'unauthorized', message: 'No token' },
    });
    expect(await shown(error)).toHaveTextContent('An error occured, please check your internet connection');
  });

  it("adds the reason the server's error code gives, never the server's own sentence", async () => {
    const error = new ApiError('http', 'x', {
      status: 409,
      body: { error: 'conflict', message: 'Name taken' },
    });
    const toast = await shown(error);
    expect(toast).toHaveTextContent(
      'The tags could not be fetched: the same name or address is already used',
    );
    expect(toast).not.toHaveTextContent('Name taken');
    expect(toast).not.toHaveTextContent('conflict');
  });

  it("falls back to the action's default message", async () => {
    const error = new ApiError('http', 'x', { status: 500, body: {} });
    expect(await shown(error)).toHaveTextContent('The tags could not be fetched');
  });

  it('shows a toast once however often it is raised, with a named close button', async () => {
    render(<TestProviders>{null}</TestProviders>);
    act(() => {
      notifyError(new Error('boom'), 'Error during the process');
      notifyError(new Error('boom'), 'Error during the process');
    });
    expect(await screen.findAllByText('Error during the process')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('stays quiet on a maintenance answer, which shows the maintenance page instead', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const error = new ApiError('http', 'x', {
      status: 503,
      body: { error: 'maintenance', message: 'Down', breakAt: '2026-11-22T10:00:00Z', duration: 30 },
    });
    act(() => notifyError(error, 'The license could not be fetched'));
    act(() => notifyError(new Error('x'), 'Error during the process'));
    expect(await screen.findByText('Error during the process')).toBeInTheDocument();
    expect(screen.queryByText(/maintenance|license/)).toBeNull();
  });

  it('rethrows after notifying', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const failure = new Error('nope');
    await act(async () => {
      await expect(withErrorToast(() => Promise.reject(failure), 'The user could not be saved')).rejects.toBe(
        failure,
      );
    });
    expect(await screen.findByText('The user could not be saved')).toBeInTheDocument();
  });
});
