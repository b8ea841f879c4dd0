/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly on the thread that calls
 * it, so a slow query on the server's thread would stall every request (DESIGN section 2: a 1 ms timer
 * stalled 328 ms). Here it runs beside the server; `pglite-client.ts` is the other end.
 *
 * PGlite is one connection: operations run one at a time, in arrival order, and while a transaction is open
 * only that transaction's operations run (the others wait in the queue), as a single PostgreSQL backend would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pglite-protocol.ts';
import { databaseBytes, pgliteStartParams, sharedBuffersMb } from './pglite-settings.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const setup = workerData as WorkerSetup;

const client = new PGlite({
  ...(setup.dataDir ? { dataDir: setup.dataDir } : {}),
  ...(setup.snapshot ? { loadDataDir: new Blob([setup.snapshot]) } : {}),
  extensions: { pg_trgm, btree_gin, unaccent },
  startParams: pgliteStartParams(setup.dataDir ? sharedBuffersMb(databaseBytes(setup.dataDir)) : undefined),
});

/** The identity parsers Drizzle asks for (it parses timestamps and dates itself), rebuilt from their type ids. */
const identityParsers = (oids: number[]) =>
  Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));

const queue: WorkerRequest[] = [];
let openTransaction: number | null = null;
let running = false;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []) {
  port?.postMessage(message, transfer);
}

/** The error as plain data: PostgreSQL's fields (code, constraint, …) are what the error handler reads. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const key of ['code', 'constraint', 'detail', 'severity', 'table', 'column', 'schema', 'position']) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

const TEXT_OID = 25;

/**
 * Sets planner settings for the statement that follows (`readWith`, decision 239): `set_config(…, true)` parsed,
 * bound and executed WITHOUT the sync that ends the extended protocol's implicit transaction. PGlite's `query`
 * then sends the statement and its sync, so both run in one transaction (PostgreSQL commits a pipeline at its
 * sync) and the settings end with it. PGlite's `query` itself sends its messages this way, a sync only at the end.
 */
async function settingsForNext(settings: [string, string][]) {
  const { serialize } = protocol;
  const text = `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`;
  const message = Buffer.concat([
    serialize.parse({ text, types: settings.flatMap(() => [TEXT_OID, TEXT_OID]) }),
    serialize.bind({ values: settings.flat() }),
    serialize.execute({}),
  ]);
  try {
    await client.execProtocolStream(message, { syncToFs: false });
  } catch (error) {
    // The engine skips every message up to a sync after an error: this one ends the failed pipeline.
    await client.execProtocolStream(serialize.sync(), { syncToFs: false });
    throw error;
  }
}

async function perform(request: WorkerRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'ready':
      await client.waitReady;
      return { value: null };
    case 'query': {
      // A statement of a transaction that is not open (its `begin` failed, or it was already ended) must not run
      // outside it.
      if (request.transaction !== undefined && request.transaction !== openTransaction)
        throw new Error('The transaction of this statement is not open');
      if (request.settings) await settingsForNext(request.settings);
      const result = await client.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: identityParsers(request.identityOids),
      });
      return { value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } };
    }
    case 'begin':
      await client.exec('begin');
      openTransaction = request.transaction;
      return { value: null };
    case 'commit':
    case 'rollback':
      if (request.transaction !== openTransaction) {
        if (request.op === 'commit') throw new Error('The transaction to commit is not open');
        return { value: null };
      }
      try {
        await client.exec(request.op);
      } finally {
        openTransaction = null;
      }
      return { value: null };
    case 'dump': {
      const blob = await client.dumpDataDir('none');
      const buffer = await blob.arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close':
      await client.close();
      return { value: null };
  }
}

/** The next operation allowed to run: any when no transaction is open, else the open transaction's own. */
function takeNext() {
  const index =
    openTransaction === null
      ? 0
      : queue.findIndex((r) => 'transaction' in r && r.transaction === openTransaction);
  if (index < 0 || index >= queue.length) return undefined;
  return queue.splice(index, 1)[0];
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let request = takeNext(); request; request = takeNext()) {
      try {
        const { value, transfer } = await perform(request);
        reply({ id: request.id, ok: true, value }, transfer);
      } catch (error) {
        reply({ id: request.id, ok: false, error: serializeError(error) });
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (request: WorkerRequest) => {
  queue.push(request);
  void drain();
});
