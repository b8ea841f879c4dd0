import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LazyRichTextEditor } from './lazy-rich-text-editor';

afterEach(() => vi.restoreAllMocks());

describe('RichTextEditor', () => {
  it('has the toolbar of SPEC section 2, every control named', async () => {
    renderWithProviders(<LazyRichTextEditor value="<p>Hello</p>" onChange={() => {}} />);
    const names = [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Paragraph',
      'Quote',
      'Bullet list',
      'Ordered list',
      'Code',
      'Horizontal line',
      'Link',
      'Image',
    ];
    for (const name of names) expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveTextContent('Hello');
  });

  it('shows only the controls a screen asks for', async () => {
    renderWithProviders(<LazyRichTextEditor value="" onChange={() => {}} controls={['bold', 'link']} />);
    expect(await screen.findByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
  });

  it('inserts an image from the address typed in the prompt', async () => {
    vi.spyOn(window, 'prompt').mockReturnValue('https://example.com/cat.png');
    const onChange = vi.fn();
    const { user } = renderWithProviders(<LazyRichTextEditor value="<p>Hi</p>" onChange={onChange} />);
    await user.click(await screen.findByRole('button', { name: 'Image' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(expect.stringContaining('src="https://example.com/cat.png"')),
    );
  });

  it('makes the text bold', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<LazyRichTextEditor value="<p>Hi</p>" onChange={onChange} />);
    await screen.findByRole('button', { name: 'Bold' });
    const area = screen.getByRole('textbox', { name: 'Text' });
    await user.click(area);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hi</strong></p>'));
  });

  it('links the text through our own, labelled link control', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<LazyRichTextEditor value="<p>Hi</p>" onChange={onChange} />);
    await screen.findByRole('button', { name: 'Link' });
    await user.click(screen.getByRole('textbox', { name: 'Text' }));
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByLabelText('Link address'), 'example.org/jobs');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://example.org/jobs"')),
    );
  });
});
