import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite admits one process, so while a server holds the data directory the CLI hands its command to that
 * server over loopback. The server writes where it listens and a secret, readable by its owner only.
 */
export type Handoff = { url: string; secret: string };

const fileOf = (dataDir: string) => path.join(dataDir, 'cli-handoff.json');

export const newHandoffSecret = () => randomBytes(32).toString('base64url');

export async function writeHandoff(dataDir: string, url: string, secret: string) {
  const file = fileOf(dataDir);
  await fs.rm(file, { force: true });
  await fs.writeFile(file, JSON.stringify({ url, secret } satisfies Handoff), { mode: 0o600, flag: 'wx' });
}

export async function readHandoff(dataDir: string): Promise<Handoff | undefined> {
  const text = await fs.readFile(fileOf(dataDir), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Handoff) : undefined;
}

export const removeHandoff = (dataDir: string) => fs.rm(fileOf(dataDir), { force: true });

export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
