import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { expectButtons, quietTests } from '../../../test/frame';
import { renderWithProviders } from '../../../test/render';
import { templatesApi, wireTemplate } from '../testing/templates-api';
import { EmailTemplateModal } from './email-template-modal';

const first = wireTemplate({ id: 1, name: 'First contact' });
const second = wireTemplate({ id: 2, name: 'Second round', subject: 'Round two', content: '<p>Again</p>' });

let api: ReturnType<typeof templatesApi>;
// The editor is lazy: its chunk is loaded once here, so a busy machine's first import (TipTap) is not timed.
beforeAll(async () => {
  await import('../../../shared/widgets/rich-text-editor/rich-text-editor');
});

quietTests();
beforeEach(() => {
  api = templatesApi([first, second], 1);
});

const linkCalls = () => api.callsTo('PATCH', '/api/job_offers/5');

function renderModal(onClose = vi.fn()) {
  return { onClose, ...renderWithProviders(<EmailTemplateModal jobOfferId={5} onClose={onClose} />) };
}

async function opened() {
  expect(
    await screen.findByRole('dialog', { name: 'Email template of Backend developer' }),
  ).toBeInTheDocument();
  return screen.getByRole('dialog');
}

describe('the email template modal', () => {
  it('shows the template linked to the offer on opening, without linking it again', async () => {
    renderModal();
    await opened();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('First contact');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello [:first_name:]');
    expect(await screen.findByRole('textbox', { name: 'Content' })).toHaveTextContent('Dear [:first_name:],');
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('First contact');
    expectButtons(['Bold', 'Underline', 'Italic', 'Strikethrough', 'Ordered list', 'Bullet list', 'Link']);
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
    expect(linkCalls()).toEqual([]);
  });

  it('links the template the person selects to the offer', async () => {
    const { user } = renderModal();
    await opened();
    await user.click(await screen.findByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Second round' }));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Round two');
    await waitFor(() => expect(linkCalls()).toHaveLength(1));
    expect(linkCalls()[0]?.body).toEqual({ job_offer: { email_template_id: 2 } });
  });

  it('says so when no template is linked yet', async () => {
    api = templatesApi([first], null);
    renderModal();
    await opened();
    expect(await screen.findByText('No template is linked to this job offer yet')).toBeInTheDocument();
  });

  it('creates a template: saving a new one selects it and links it to the offer', async () => {
    const { user } = renderModal();
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Create an email template' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('');
    expect(title).toHaveAttribute('placeholder', 'New template title');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(title);
    await user.paste('Welcome');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email template sucessfully saved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/email_templates')[0]?.body).toEqual({
      name: 'Welcome',
      subject: '',
      content: '',
    });
    await waitFor(() => expect(linkCalls()[0]?.body).toEqual({ job_offer: { email_template_id: 100 } }));
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('Welcome');
    expect(screen.getByRole('button', { name: 'Delete the template' })).toBeInTheDocument();
  });

  it('inserts a variable into the subject where the person was typing', async () => {
    const { user } = renderModal();
    await opened();
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.click(subject);
    await user.keyboard('{End} ');
    await user.click(screen.getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Insert Last company' }));
    await waitFor(() => expect(subject).toHaveValue('Hello [:first_name:] [:last_company:]'));
  });

  it('inserts a variable into the content where the editor is', async () => {
    const { user } = renderModal();
    await opened();
    const content = await screen.findByRole('textbox', { name: 'Content' });
    await user.click(content);
    await user.click(screen.getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Insert Last 3 schools' }));
    await waitFor(() => expect(content).toHaveTextContent('[:last_school_3:]'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/email_templates/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/email_templates/1')[0]?.body).toMatchObject({
      content: expect.stringContaining('[:last_school_3:]'),
    });
  });

  it('renames and saves, and Reset brings the saved text back', async () => {
    const { user } = renderModal();
    await opened();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toBeDisabled();
    await user.clear(title);
    await user.paste('Renamed');
    await user.click(reset);
    expect(title).toHaveValue('First contact');
    await user.clear(title);
    await user.paste('Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email template sucessfully saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/email_templates/1')[0]?.body).toEqual({
      name: 'Renamed',
      subject: 'Hello [:first_name:]',
      content: '<p>Dear [:first_name:],</p>',
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('Renamed'));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it("deletes the template after 'Are you sure?'", async () => {
    const { user } = renderModal();
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Delete the template' }));
    expect(screen.getByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Email template sucessfully deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/email_templates/1')).toHaveLength(1);
    expect(await screen.findByText('No template is linked to this job offer yet')).toBeInTheDocument();
  });

  it('an edit typed right after the saved toast is kept, however slow the list refetch', {
    timeout: 20_000,
  }, async () => {
    // The refetch of the whole list after a save is held back, as on a busy machine with many templates.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderModal();
    const dialog = await opened();
    await screen.findByRole('textbox', { name: 'Title' });
    const answerList = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET' && String(input).includes('/email_templates')) await held;
      return (answerList as typeof fetch)(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Create an email template' }));
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.paste('Follow-up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email template sucessfully saved')).toBeInTheDocument();

    // The person goes on writing at once: the text is an edit of the saved template, and stays.
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.click(subject);
    await user.paste('Not saved yet');
    release();
    await waitFor(() => expect(api.callsTo('GET', '/api/email_templates/').length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('Follow-up');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Not saved yet');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to quit?');
  });

  it('asks before closing with unsaved edits, and stays when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, onClose } = renderModal();
    const dialog = await opened();
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to quit?');
    expect(onClose).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes without asking when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user, onClose } = renderModal();
    const dialog = await opened();
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the email template messages of SPEC section 8', () => {
  it("toasts 'The email templates could not be fetched'", async () => {
    api.fetchMock.mockImplementation(async (input) =>
      String(input).includes('email_templates')
        ? jsonResponse({}, 500)
        : jsonResponse({ ...(await import('../testing/templates-api')).wireOffer(null) }),
    );
    renderModal();
    expect(await screen.findByText('The email templates could not be fetched')).toBeInTheDocument();
  });

  it("toasts 'The email template could not be saved' and keeps the draft", async () => {
    const { user } = renderModal();
    await opened();
    api.fetchMock.mockImplementationOnce(async () => jsonResponse({}, 500));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.click(title);
    await user.paste(' v2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email template could not be saved')).toBeInTheDocument();
    expect(title).toHaveValue('First contact v2');
  });

  it("toasts 'The email template could not be deleted'", async () => {
    const { user } = renderModal();
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Delete the template' }));
    api.fetchMock.mockImplementationOnce(async () => jsonResponse({}, 500));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('The email template could not be deleted')).toBeInTheDocument();
  });

  it("shows a reader (level 'Other') the templates without a way to change or link them", async () => {
    api = templatesApi([first, second], 1, { role: 'user', level: 'other' });
    const { user } = renderModal();
    await opened();
    expect(
      await screen.findByText('Your level lets you read email templates, not change them.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    for (const name of ['Create an email template', 'Save', 'Reset', 'Delete the template', 'Bold']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Second round' }));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Round two');
    expect(linkCalls()).toEqual([]);
  });
});
