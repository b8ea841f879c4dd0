import { Transform, type TransformCallback } from 'node:stream';

const HEAD_BYTES = 512;

/**
 * Watches the bytes of an upload as they stream to storage, holding none but the first 512: their number,
 * whether they are text (valid UTF-8, no NUL byte; decision 184) and the head, which `media-type.ts` reads.
 * Binary types are detected afterwards from the stored object (file-type reads only what it needs).
 */
export class FileInspector extends Transform {
  size = 0;
  text = true;
  head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    if (this.text) this.text = !chunk.includes(0) && this.decodes(chunk, true);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    // A multi-byte character cut at the end is not UTF-8.
    if (this.text) this.text = this.decodes(new Uint8Array(0), false);
    done();
  }

  private decodes(bytes: Uint8Array, more: boolean) {
    try {
      this.decoder.decode(bytes, { stream: more });
      return true;
    } catch {
      return false;
    }
  }
}
