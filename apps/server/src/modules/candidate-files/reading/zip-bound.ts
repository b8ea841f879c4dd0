import yauzl from 'yauzl';

/**
 * How many entries a zip (DOCX, ODT) holds and what it says they expand to, the sum of their uncompressed
 * sizes: read from the central directory alone, nothing inflated. Undefined when it is no zip yauzl opens.
 */
export async function zipBound(
  bytes: Buffer,
  maxEntries: number,
): Promise<{ entries: number; expandedBytes: number } | undefined> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  } catch {
    return undefined;
  }
  try {
    // The count is the end record's: checked before walking the entries, so a zip of a million is not walked.
    if (zip.entryCount > maxEntries)
      return { entries: zip.entryCount, expandedBytes: Number.POSITIVE_INFINITY };
    let expandedBytes = 0;
    for await (const entry of zip.eachEntry()) expandedBytes += entry.uncompressedSize;
    return { entries: zip.entryCount, expandedBytes };
  } catch {
    return undefined;
  } finally {
    zip.close();
  }
}

/**
 * One entry of a zip, inflated, or undefined when there is none. yauzl checks as it inflates that the entry is
 * no larger than the central directory said (`validateEntrySizes`), so a zip that lies about its sizes fails
 * here rather than filling the heap; `maxBytes` bounds it besides.
 */
export async function zipEntry(bytes: Buffer, name: string, maxBytes: number): Promise<Buffer | undefined> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      if (entry.uncompressedSize > maxBytes) throw new Error(`${name} is larger than ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    return undefined;
  } finally {
    zip.close();
  }
}
