/**
 * A process of its own that creates an embedded database's cluster and ends (`pglite-cluster.ts` starts it):
 * `node pglite-initdb.ts <pgdata>`. PGlite runs initdb when it opens a directory without one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { pgliteStartParams, SHARED_BUFFERS_MB } from './pglite-settings.ts';

type EmscriptenOptions = Parameters<MemoryFS['init']>[1];

/**
 * The data directory mounted where PostgreSQL looks for it, as PGlite's own `NodeFS` mounts it, but a `MemoryFS`
 * (decision 241). PGlite runs initdb in a second PostgreSQL; for a `MemoryFS` it lends that second one its file
 * system, so initdb writes the cluster's files where they belong, here straight to disk. For any other it dumps the
 * second one's files as a tar and extracts it into the first, which added ~50 MB to this process's peak. Were PGlite
 * to drop that distinction, the tar would be back and the cluster the same.
 */
class ClusterDirectory extends MemoryFS {
  readonly #root: string;

  constructor(root: string) {
    super();
    this.#root = path.resolve(root);
    fs.mkdirSync(this.#root, { recursive: true });
  }

  override async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const mount = (mod: Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0]) => {
      mod.FS.mkdirTree(PGlite.paths.PGDATA);
      mod.FS.mount(mod.NODEFS, { root: this.#root }, PGlite.paths.PGDATA);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), mount] } };
  }
}

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node pglite-initdb.ts <pgdata directory>');
const database = await PGlite.create({
  fs: new ClusterDirectory(dataDir),
  startParams: pgliteStartParams(),
  // initdb's PostgreSQL would otherwise take 128 MB of shared buffers (its first trial) and touch them while it
  // loads the catalog; the server sets its own at every start (pglite-worker.ts), so postgresql.conf only names
  // the least.
  initDbStartParams: ['-c', `shared_buffers=${SHARED_BUFFERS_MB.least}MB`],
});
await database.close();
