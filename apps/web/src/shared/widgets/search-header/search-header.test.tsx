import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SearchHeader } from './search-header';

function Controlled({ onAdd }: { onAdd?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchHeader value={value} onChange={setValue} count={12} countLabel="offer(s)" onAdd={onAdd} />
      <output>{value}</output>
    </>
  );
}

describe('SearchHeader', () => {
  it("has a 'Search' box, the count badge with its label and the add button", async () => {
    const onAdd = vi.fn();
    const { user } = renderWithProviders(<Controlled onAdd={onAdd} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search');
    await user.type(box, 'ada');
    expect(screen.getByRole('status')).toHaveTextContent('ada');
    expect(screen.getByText('12 offer(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('has no add button nor badge unless asked', () => {
    renderWithProviders(<SearchHeader value="" onChange={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/\d/)).toBeNull();
  });
});
