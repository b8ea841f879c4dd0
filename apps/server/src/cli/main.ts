import { loadConfig } from '../config.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { runCommand } from './commands.ts';
import { readHandoff } from './handoff.ts';

/**
 * `npm run cli -- <command>`: on PostgreSQL, or on an embedded database nobody holds, it opens the database
 * itself; when a running server holds the embedded one, it hands the command to that server.
 */
async function main(argv: string[]) {
  const config = loadConfig();
  if (!config.databaseUrl && (await lockHolder(config.dataDir)) !== undefined) {
    const handoff = await readHandoff(config.dataDir);
    if (!handoff)
      throw new Error(`A server holds ${config.dataDir} but left no hand-off file; stop it and retry.`);
    const response = await fetch(`${handoff.url}/internal/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${handoff.secret}` },
      body: JSON.stringify({ argv }),
    });
    if (!response.ok)
      throw new Error(
        `The running server refused the command (${response.status}): ${await response.text()}`,
      );
    return (await response.json()) as { code: number; output: string };
  }
  const database = await openDatabase(config);
  try {
    return await runCommand(argv, database);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  ({ code, output }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${output}\n`);
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  },
);
