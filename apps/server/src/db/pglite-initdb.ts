/**
 * A process of its own that creates an embedded database's cluster and ends (`pglite-cluster.ts` starts it):
 * `node pglite-initdb.ts <pgdata>`. PGlite runs initdb when it opens a directory without one.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from './pglite-settings.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node pglite-initdb.ts <pgdata directory>');
const database = await PGlite.create({ dataDir, startParams: pgliteStartParams() });
await database.close();
