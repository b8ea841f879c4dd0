import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { useAppStore } from '../shared/store/app-store';
import { sessionUser } from './fixtures';

/** Whole screens render in these tests; a loaded 2-core machine needs more than the default 5 s. */
export const SCREEN = { timeout: 30_000 };

/**
 * The frame of a component test: the errors the app logs on purpose (every failure it shows goes to the
 * console too) kept quiet, and after each test the stubbed globals and the spies put back. `signedIn` starts each
 * test with a signed-in user; the session store is then reset after each (`resetStore` for a file that changes
 * it otherwise). The store is left alone by default: test files share one module graph (vitest.config.ts), and
 * some screens' tests rely on what an earlier file left in it.
 */
export function quietTests({
  signedIn = false,
  resetStore = signedIn,
}: {
  signedIn?: boolean;
  resetStore?: boolean;
} = {}): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    if (signedIn) useAppStore.getState().setUser(sessionUser());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    if (resetStore) useAppStore.getState().reset();
  });
}

/** A rich-text toolbar offers each of these buttons (SPEC section 2 lists each editor's). */
export function expectButtons(names: readonly string[]): void {
  for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
}
