import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { type FileStore, isStorageKey, type StoredObject } from './file-store.ts';

/** A multipart upload's part: the most an upload holds in memory at once (S3's smallest part is 5 MiB). */
const PART_BYTES = 5 * 1024 * 1024;

/** The client for the bucket: its own settings, the SDK's credential chain when none are configured. */
export function s3ClientFor(s3: S3Config) {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials
      ? {
          credentials: {
            accessKeyId: s3.credentials.accessKeyId,
            secretAccessKey: s3.credentials.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers (and older MinIO, Ceph, s3rver) refuse
    // the SDK's default streamed CRC32 trailers; TLS already covers the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it (and its upload) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * The store in an S3-compatible bucket (decision 187): `<prefix><key>`, the same four operations as on disk.
 * A put streams through a multipart upload a part at a time (never the whole file in memory); S3 makes the
 * object visible only once complete, and a failed upload is aborted, so no half object is ever listed.
 */
export function s3FileStore(
  s3: S3Config,
  { client = s3ClientFor(s3), pageSize = 1000 }: { client?: S3Client; pageSize?: number } = {},
): FileStore {
  const objectOf = (key: string) => {
    // Keys are made here (newStorageKey); one of another shape is a bug, never a name to write under.
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return { Bucket: s3.bucket, Key: s3.prefix + key };
  };
  return {
    async put(key, body) {
      const upload = new Upload({
        client,
        // Read through an iterator: the Upload takes a stream's `size` property as its length, and a body
        // may carry one of its own (the upload's FileInspector counts bytes in `size`).
        params: { ...objectOf(key), Body: Readable.from(body) },
        partSize: PART_BYTES,
        // One part in flight: memory stays near two parts whatever the file's size.
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand(objectOf(key)));
        return answer.Body instanceof Readable ? answer.Body : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing object as done: the sweeper may retry it.
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },
    async *list(): AsyncIterable<StoredObject> {
      // ListObjects (version 1) paged by its last key: every S3-compatible server has it, whereas version 2's
      // continuation tokens are opaque to each server (s3rver's need DES, which OpenSSL 3 no longer offers).
      let marker: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsCommand({ Bucket: s3.bucket, Prefix: s3.prefix, MaxKeys: pageSize, Marker: marker }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          const key = object.Key?.slice(s3.prefix.length) ?? '';
          // Other objects under the prefix are not this store's: never offered to the sweeper.
          if (isStorageKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
        }
        marker = page.IsTruncated ? contents.at(-1)?.Key : undefined;
      } while (marker !== undefined);
    },
  };
}
