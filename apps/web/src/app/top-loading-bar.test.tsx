import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../shared/store/app-store';
import { TestProviders } from '../test/render';
import { TopLoadingBar } from './top-loading-bar';

afterEach(() => vi.useRealTimers());

describe('the top loading bar (SPEC section 2)', () => {
  it('shows while a request is pending and hides about 250 ms after the last one ends', () => {
    vi.useFakeTimers();
    render(
      <TestProviders>
        <TopLoadingBar />
      </TestProviders>,
    );
    // The label names the progress section; Mantine marks the bar around it as mounted while shown.
    const bar = screen.getByRole('progressbar', { name: 'Loading…' }).parentElement;
    expect(bar).not.toHaveAttribute('data-mounted');

    act(() => {
      useAppStore.getState().requestStarted();
      useAppStore.getState().requestStarted();
    });
    expect(bar).toHaveAttribute('data-mounted', 'true');

    act(() => useAppStore.getState().requestEnded());
    act(() => vi.advanceTimersByTime(1_000));
    expect(bar).toHaveAttribute('data-mounted', 'true');

    act(() => useAppStore.getState().requestEnded());
    act(() => vi.advanceTimersByTime(249));
    expect(bar).toHaveAttribute('data-mounted', 'true');
    act(() => vi.advanceTimersByTime(100));
    expect(bar).not.toHaveAttribute('data-mounted');
  });
});
