import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { EditableTagChip } from './editable-tag-chip';

/** The chip of the tag 'java', switched to its name box. */
async function editJava(onDelete?: () => void) {
  const onRename = vi.fn();
  const { user } = renderWithProviders(
    <EditableTagChip name="java" onRename={onRename} onDelete={onDelete} />,
  );
  await user.click(screen.getByRole('button', { name: 'Edit tag java' }));
  return { user, onRename };
}

describe('EditableTagChip', () => {
  it('renames on Enter with the trimmed name', async () => {
    const { user, onRename } = await editJava();
    const input = screen.getByRole('textbox', { name: 'Tag name' });
    await user.clear(input);
    await user.type(input, '  kotlin {Enter}');
    expect(onRename).toHaveBeenCalledWith('kotlin');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('cancels on Escape', async () => {
    const { user, onRename } = await editJava();
    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), 'script{Escape}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByText('java')).toBeInTheDocument();
  });

  it('refuses an empty name', async () => {
    const { user, onRename } = await editJava();
    const input = screen.getByRole('textbox', { name: 'Tag name' });
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save tag' })).toBeDisabled();
    expect(input).toBeInTheDocument();
  });

  it('confirms with the check button, and deletes after confirmation', async () => {
    const onDelete = vi.fn();
    const { user, onRename } = await editJava(onDelete);
    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), '17');
    await user.click(screen.getByRole('button', { name: 'Save tag' }));
    expect(onRename).toHaveBeenCalledWith('java17');

    await user.click(await screen.findByRole('button', { name: 'Delete tag java' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
