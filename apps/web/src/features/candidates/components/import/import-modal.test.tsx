import { screen, waitFor, within } from '@testing-library/react';
import { detectEncoding } from '@vivier/contract/csv';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi } from '../../testing/fake-api';
import { guessMapping } from './guess-mapping';
import { ImportModal } from './import-modal';
import { decodeCsv, readCsv } from './read-csv-file';
import { reportCsv } from './report-csv';

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson' },
  });

describe('reading a CSV file for the mapping step', () => {
  it('reads UTF-8, else Windows-1252, the delimiter, the header and the first rows', () => {
    const latin = new Uint8Array([0x4c, 0xe9, 0x61]); // "Léa" in Windows-1252
    expect(detectEncoding(latin.buffer)).toBe('windows-1252');
    expect(decodeCsv(latin.buffer, 'windows-1252')).toBe('Léa');
    const utf8 = new TextEncoder().encode('Léa').buffer as ArrayBuffer;
    expect(detectEncoding(utf8)).toBe('utf-8');
    expect(decodeCsv(utf8, 'utf-8')).toBe('Léa');
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]).buffer)).toBe('utf-8');
    const file = readCsv('Prénom;Nom;E-mail\nAda;Lovelace;ada@x.test\n\n"Grace; G";Hopper;g@x.test\n');
    expect(file).toMatchObject({
      delimiter: ';',
      header: ['Prénom', 'Nom', 'E-mail'],
      rowCount: 2,
      preview: [
        ['Ada', 'Lovelace', 'ada@x.test'],
        ['Grace; G', 'Hopper', 'g@x.test'],
      ],
    });
  });

  it('guesses the mapping from English and French column names', () => {
    expect(
      guessMapping([
        'Prénom',
        'Last name',
        'Email',
        'Email 2',
        'Téléphone',
        'Job title',
        'Société',
        'LinkedIn',
        'Tags',
        'Notes',
      ]),
    ).toEqual({
      first_name: [0],
      last_name: [1],
      emails: [2, 3],
      phones: [4],
      title: [5],
      company: [6],
      linkedin: [7],
      tags: [8],
    });
  });

  it('writes the report as CSV, formulas made text', () => {
    const csv = reportCsv(
      [
        { row: 2, outcome: 'created', candidateId: 7, reasons: [], message: null },
        { row: 3, outcome: 'rejected', candidateId: null, reasons: [], message: null },
      ],
      { row: 'Row', outcome: 'Outcome', candidate: 'Candidate id', message: 'Message' },
      (o) => o,
      (r) => (r.row === 3 ? '=HYPERLINK("x")' : ''),
    );
    expect(csv).toBe('Row,Outcome,Candidate id,Message\n2,created,7,\n3,rejected,,"\'=HYPERLINK(""x"")"\n');
  });
});

/** Mantine's FileInput is a button in front of a hidden file input. */
const fileInput = () => {
  expect(screen.getByRole('button', { name: 'CSV file' })).toBeInTheDocument();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

// Whole flows of clicks: on a loaded 2-core CI machine they outlast the 5 s default; a hang still fails.
describe('the Import CSV dialog', { timeout: 20_000 }, () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('maps the columns with a preview, imports with progress, and reports created, merged and rejected rows', async () => {
    const api = fakeApi({
      'POST /api/candidates/import': () =>
        ndjson([
          {
            type: 'batch',
            rows: [
              { row: 2, outcome: 'created', candidate_id: 1, reasons: [], message: null },
              { row: 3, outcome: 'merged', candidate_id: 9, reasons: [], message: null },
              {
                row: 4,
                outcome: 'rejected',
                candidate_id: null,
                reasons: [{ code: 'invalid_email', value: 'nope' }],
                message: 'The English sentence for API readers',
              },
            ],
            processed: 3,
            created: 1,
            merged: 1,
            rejected: 1,
          },
          { type: 'done', processed: 3, created: 1, merged: 1, rejected: 1 },
        ]),
    });
    const { user } = renderWithProviders(<ImportModal opened onClose={() => {}} />);
    const csv =
      'First name,Last name,Email,Notes\nAda,Lovelace,ada@x.test,n1\nGrace,Hopper,g@x.test,n2\nBad,Row,nope,n3\n';
    await user.upload(fileInput(), new File([csv], 'people.csv', { type: 'text/csv' }));

    expect(await screen.findByText('3 row(s) in the file')).toBeInTheDocument();
    const preview = screen.getByRole('table');
    expect(within(preview).getByRole('columnheader', { name: 'Emails' })).toBeInTheDocument();
    expect(within(preview).queryByRole('columnheader', { name: 'Tags' })).not.toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'ada@x.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText('1 created')).toBeInTheDocument();
    expect(screen.getByText('1 merged into existing candidates')).toBeInTheDocument();
    expect(screen.getByText('1 rejected')).toBeInTheDocument();
    // The reason is worded from its code, not the server's English message.
    expect(screen.getByRole('cell', { name: 'Invalid email format: nope' })).toBeInTheDocument();
    expect(screen.queryByText('The English sentence for API readers')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the report (CSV)' })).toBeInTheDocument();
    const call = api.callsTo('POST', '/api/candidates/import')[0];
    expect(call?.query.getAll('mapping[first_name][]')).toEqual(['0']);
    expect(call?.query.getAll('mapping[emails][]')).toEqual(['2']);
    expect(call?.query.get('delimiter')).toBe(',');
    expect(call?.query.get('encoding')).toBe('utf-8');
    expect(call?.headers.get('Content-Type')).toBe('text/csv');
    expect(call?.body).toBe(csv);
  });

  it('says when a file has no row, and shows the server refusal as a toast', async () => {
    fakeApi({
      'POST /api/candidates/import': () =>
        new Response(JSON.stringify({ error: 'bad_request', message: 'mapping[emails] names column 9' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderWithProviders(<ImportModal opened onClose={() => {}} />);
    const input = fileInput();
    await user.upload(input, new File(['just,a,header\n'], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('This file has no row under its header')).toBeInTheDocument();
    await user.upload(input, new File(['First name\nAda\n'], 'one.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The import failed: some of the information sent is not valid'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText('The import stopped before the end; the rows reported are saved'),
      ).toBeInTheDocument(),
    );
  });
});
