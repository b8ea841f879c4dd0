import fs from 'node:fs';

/** Vivier's version, read once from the server's package.json: the OpenAPI document and error reports name it. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
