/**
 * The bounds on reading a file (issue 22, decision 186). A CV is a few pages: these are far above one and far
 * below what would hold a thread or the database for long.
 */
export const READING_LIMITS = {
  /** Bytes read from a file at most: the upload limit's default; a larger input is refused unread. */
  maxInputBytes: 10 * 1024 * 1024,
  /** What a DOCX or ODT may expand to, summed from its zip's central directory before anything is inflated. */
  maxExpandedBytes: 50 * 1024 * 1024,
  /** Entries a DOCX or ODT may hold: a document has tens; more is a zip built to make its reader work. */
  maxZipEntries: 10_000,
  /** Characters of text kept: a tsvector holds at most 1 MB, and 100,000 characters is some forty pages. */
  maxTextChars: 100_000,
  /** A file still being read after this is given up: its thread is terminated and the reading fails. */
  timeoutMs: 20_000,
  /** The heap a reading thread may use; past it the thread dies and the reading fails (a lying zip, a PDF bomb). */
  maxHeapMb: 256,
} as const;

export type ReadingLimits = { [K in keyof typeof READING_LIMITS]: number };
