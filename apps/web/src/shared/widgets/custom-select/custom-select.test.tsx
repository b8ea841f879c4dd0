import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CustomSelect } from './custom-select';

describe('CustomSelect', () => {
  it("says 'Please select one' and 'Nothing else to show'", async () => {
    const { user } = renderWithProviders(<CustomSelect label="Status" data={['Applied', 'Hired']} />);
    const input = screen.getByRole('combobox', { name: 'Status' });
    expect(input).toHaveAttribute('placeholder', 'Please select one');
    await user.type(input, 'zzz');
    expect(await screen.findByText('Nothing else to show')).toBeInTheDocument();
  });

  it('lets the screen override its texts and still selects', async () => {
    const { user } = renderWithProviders(
      <CustomSelect label="Status" placeholder="Select a status" data={['Hired']} />,
    );
    const input = screen.getByRole('combobox', { name: 'Status' });
    expect(input).toHaveAttribute('placeholder', 'Select a status');
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Hired' }));
    expect(input).toHaveValue('Hired');
  });
});
