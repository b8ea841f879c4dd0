import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Paginator } from './paginator';
import { paginatorItems } from './paginator-items';

const labels = (current: number, total: number) =>
  paginatorItems(current, total).map((item) => (item.type === 'dots' ? `…${item.page}` : String(item.page)));

describe('paginatorItems', () => {
  it('is empty at zero pages', () => {
    expect(paginatorItems(1, 0)).toEqual([]);
  });

  it('shows every page when nothing would be hidden', () => {
    expect(labels(1, 1)).toEqual(['1']);
    expect(labels(3, 5)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows first, last, the current page with its neighbours, and dots to the midpoints', () => {
    expect(labels(10, 20)).toEqual(['1', '…5', '9', '10', '11', '…15', '20']);
    expect(labels(1, 20)).toEqual(['1', '2', '…11', '20']);
    expect(labels(20, 20)).toEqual(['1', '…10', '19', '20']);
  });

  it('shows a single hidden page instead of dots', () => {
    expect(labels(4, 10)).toEqual(['1', '2', '3', '4', '5', '…7', '10']);
  });

  it('clamps a current page out of range', () => {
    expect(labels(99, 3)).toEqual(['1', '2', '3']);
  });
});

describe('Paginator', () => {
  it('renders nothing at zero pages', () => {
    renderWithProviders(<Paginator page={1} totalPages={0} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('moves with the arrows, the pages and the dots', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Paginator page={10} totalPages={20} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 5' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 15' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([9, 11, 20, 5, 15]);
  });

  it('disables the arrows at the ends', () => {
    renderWithProviders(<Paginator page={1} totalPages={1} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
