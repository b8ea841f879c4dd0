import { IMPORT_BATCH_ROWS, type ImportField, type ImportLine, type ImportRowReport } from '@vivier/contract';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { assertCanCreateTag } from '../tags/tag.policy.ts';
import { type CsvDelimiter, type CsvRecord, csvRecords, delimiterOf } from './csv-records.ts';
import { writeImportBatch } from './import-batch.ts';
import { reasonFields } from './import-reasons.ts';
import { type ImportedRow, type ImportMapping, readImportRow } from './import-row.ts';
import { ImportTags } from './import-tags.ts';

export type OpenedImport = { header: string[]; records: AsyncGenerator<CsvRecord> };

/**
 * Starts reading a CSV file: its header row, checked against the mapping. Everything a client can get wrong
 * about the file as a whole (empty, no header, a mapped column it lacks) is a 400 here, before anything is
 * written or the answer starts.
 */
export async function openImport(
  csv: Buffer,
  mapping: ImportMapping,
  delimiter: CsvDelimiter | undefined,
): Promise<OpenedImport> {
  const records = csvRecords(csv, delimiter ?? delimiterOf(csv));
  const first = await records.next();
  if (first.done || !('cells' in first.value)) {
    await records.return(undefined);
    throw badRequest('The file has no header row: its first line must name the columns');
  }
  const header = first.value.cells;
  for (const [field, columns] of Object.entries(mapping) as [ImportField, number[]][]) {
    const beyond = columns.find((column) => column >= header.length);
    if (beyond !== undefined) {
      await records.return(undefined);
      throw badRequest(`mapping[${field}] names column ${beyond}, the file has ${header.length} columns`);
    }
  }
  return { header, records };
}

async function mayCreateTags(db: Db, caller: Caller) {
  try {
    await assertCanCreateTag(db, caller);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') return false;
    throw error;
  }
}

/**
 * Imports the records of an opened file in batches of IMPORT_BATCH_ROWS rows, one transaction each, and
 * yields one line per batch as it is written, then the totals (contract: candidate-import.ts). A batch the
 * database refuses is reported row by row as rejected and the import goes on with the next one.
 */
export async function* runImport(
  db: Db,
  caller: Caller,
  opened: OpenedImport,
  mapping: ImportMapping,
  log: { error: (details: object, message: string) => void },
  fileName: string | null = null,
): AsyncGenerator<ImportLine> {
  const totals = { processed: 0, created: 0, merged: 0, rejected: 0 };
  const tags = new ImportTags(caller.licenceId, await mayCreateTags(db, caller));
  let batch: ImportedRow[] = [];
  let reports: ImportRowReport[] = [];

  const flush = async (): Promise<ImportLine> => {
    let written: ImportRowReport[] = [];
    if (batch.length > 0) {
      try {
        written = await writeImportBatch(db, caller, batch, tags, fileName);
      } catch (error) {
        log.error({ err: error }, 'an import batch failed');
        written = batch.map((row) => ({
          row: row.row,
          outcome: 'rejected',
          candidate_id: null,
          ...reasonFields([{ code: 'not_saved' }]),
        }));
      }
    }
    const all = [...reports, ...written].sort((a, b) => a.row - b.row);
    for (const report of all) totals[report.outcome] += 1;
    totals.processed += all.length;
    batch = [];
    reports = [];
    return { type: 'batch', rows: all, ...totals };
  };

  try {
    for await (const record of opened.records) {
      if ('error' in record) {
        reports.push({
          row: record.row,
          outcome: 'rejected',
          candidate_id: null,
          ...reasonFields([{ code: 'malformed_line', value: record.error }]),
        });
      } else {
        const read = readImportRow(record.cells, record.row, mapping);
        if (read.ok) batch.push(read.value);
        else
          reports.push({
            row: read.row,
            outcome: 'rejected',
            candidate_id: null,
            ...reasonFields([read.reason]),
          });
      }
      if (batch.length + reports.length >= IMPORT_BATCH_ROWS) yield await flush();
    }
    if (batch.length + reports.length > 0) yield await flush();
    yield { type: 'done', ...totals };
  } catch (error) {
    log.error({ err: error }, 'the import stopped');
    yield {
      type: 'error',
      message: 'The import stopped on an unexpected error; the rows reported are saved',
    };
  }
}
