/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The bucket the loopback server starts with. */
export const TEST_BUCKET = 'vivier-test';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, a random port, a temporary folder (decision 187): the S3
 * store's tests run against it in `npm test` with nothing else to install. `env` configures an app to use it.
 */
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    VIVIER_S3_BUCKET: TEST_BUCKET,
    VIVIER_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    VIVIER_S3_FORCE_PATH_STYLE: '1',
    // s3rver's own pair: it checks signatures.
    VIVIER_S3_ACCESS_KEY_ID: 'S3RVER',
    VIVIER_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const close = async () => {
    // The SDK keeps connections open; closing waits for none.
    server.httpServer.closeAllConnections();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
  return { env, directory, close };
}
