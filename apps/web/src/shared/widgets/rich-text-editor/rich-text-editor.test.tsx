import { screen, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { EditorCommands } from './editor-controls';
import { LazyRichTextEditor } from './lazy-rich-text-editor';

// The editor is lazy: its chunk is loaded once here, so a busy machine's first import (TipTap) is not timed.
beforeAll(async () => {
  await import('./rich-text-editor');
});
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

  it('keeps every keystroke when its parent feeds each change back as the value', async () => {
    const seen: string[] = [];
    function Controlled() {
      const [html, setHtml] = useState('');
      return (
        <>
          <LazyRichTextEditor
            value={html}
            onChange={(next) => {
              seen.push(next);
              setHtml(next);
            }}
          />
          <button type="button" onClick={() => setHtml('<p>Reset from outside</p>')}>
            Reset
          </button>
        </>
      );
    }
    const { user } = renderWithProviders(<Controlled />);
    const area = await screen.findByRole('textbox', { name: 'Text' });
    await user.click(area);
    await user.keyboard('Ada from Vivier');
    await waitFor(() => expect(seen.at(-1)).toBe('<p>Ada from Vivier</p>'));
    expect(area).toHaveTextContent('Ada from Vivier');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(area).toHaveTextContent('Reset from outside'));
  });

  it('inserts text from outside through its commands, e.g. a template variable', async () => {
    const onChange = vi.fn();
    const commands = createRef<EditorCommands>();
    renderWithProviders(<LazyRichTextEditor value="<p>Hi </p>" onChange={onChange} commandsRef={commands} />);
    await screen.findByRole('button', { name: 'Bold' });
    commands.current?.insertText('[:first_name:]');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('[:first_name:]')));
  });

  it('takes the focus when asked, with the caret after the text, so typing goes on from there', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <>
        <button type="button">Before</button>
        <LazyRichTextEditor value="<p>Hi</p>" onChange={onChange} autofocus />
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    const area = await screen.findByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(area).toHaveFocus());
    await user.keyboard(' there');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Hi there</p>'));
  });
});
