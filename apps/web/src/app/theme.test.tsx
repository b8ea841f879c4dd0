import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

describe('the theme', () => {
  it('makes a loader a named status, so its name is read and allowed (axe aria-prohibited-attr)', () => {
    renderWithProviders(<Loader aria-label="Loading" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
