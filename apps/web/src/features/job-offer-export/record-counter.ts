const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the records of an export as its bytes arrive, to move the progress bar and to say how many were
 * exported. Every record ends with CRLF (docs/export-formats.md), so a record is a line feed outside quotes. In
 * CSV a quoted cell may hold line breaks, and a doubled quote inside one toggles twice, which leaves the count
 * right; admen never quotes nor holds a line break in a cell, so a quote there is only a character. Quotes and
 * line feeds are ASCII and never part of a UTF-8 sequence: the bytes need no decoding.
 */
export function createRecordCounter(quoted: boolean) {
  let inQuotes = false;
  let records = 0;
  return {
    push(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (quoted && byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LINE_FEED && !inQuotes) records += 1;
      }
    },
    /** Rows so far: the records after the header row. */
    get rows() {
      return Math.max(0, records - 1);
    },
  };
}
