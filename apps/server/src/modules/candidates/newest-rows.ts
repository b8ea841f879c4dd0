import type { TagExpression, TagGroup } from './tag-expression.ts';

/*
 * The licence's newest candidates as its sample keeps them (search-trigrams.ts, decisions 255, 258), with what
 * finds rows among them without reading each one (decision 260). A text search asks of them how many hold its
 * term (probeSample), whether one holds it as a name (namesMayProve), and tags alone how many hold each group
 * (tagsPlannedOnce). Reading the 2,000 rows for each took 100 µs of the server's time on an idle machine, and
 * about a sixth of a text search's under load, where the rows are no longer in the processor's caches. Built
 * once when the sample is read; the answers are the same as reading every row (newest-rows.test.ts).
 */

/**
 * A candidate as the sample keeps it: its search column and its tags, as the probe reads them; and its first and
 * last names normalised as the names' indexes hold them (null when missing).
 */
export type SampledRow = { text: string; tagIds: number[]; first: string | null; last: string | null };

export type NewestRows = {
  rows: readonly SampledRow[];
  /**
   * The rows (their positions in `rows`, ascending) whose search column holds each run of three characters, by
   * the run's key (runKey). Runs with a character past runKey's range are not kept: a term holding one is
   * looked for in every row.
   */
  runs: Map<number, Uint16Array>;
  /** The rows holding each tag, one bit a row (bit `i % 32` of word `i >> 5`). */
  tagged: Map<number, Uint32Array>;
  /** The rows' first names and last names that are not missing, each sorted as strings compare. */
  firsts: string[];
  lasts: string[];
  /** Each row's first and last names together (`first` NUL `last`: PostgreSQL's text never holds NUL). */
  wholes: Set<string>;
};

/** The rows a Uint16Array of positions can name. */
const MOST_ROWS = 0xffff;

/**
 * A run of three UTF-16 code units as one small integer, or -1 past 1,023: a search column is lower case without
 * accents (searchNormalised), so nearly every run is kept, and a key under 2^30 is stored and hashed as a small
 * integer, which made building the runs of 2,000 rows three times faster than larger keys.
 */
const runKey = (a: number, b: number, c: number) => ((a | b | c) < 1024 ? (a << 20) | (b << 10) | c : -1);

/** The rows indexed in one turn of the event loop (indexNewestInTurns): a few milliseconds of the thread. */
const ROWS_A_TURN = 200;

/** What builds NewestRows: each row added in order, then `done`. */
function indexer(rows: readonly SampledRow[]) {
  if (rows.length > MOST_ROWS) throw new Error(`At most ${MOST_ROWS} newest rows are kept`);
  const lists = new Map<number, number[]>();
  const tagLists = new Map<number, Uint32Array>();
  const words = Math.ceil(rows.length / 32);
  const firsts: string[] = [];
  const lasts: string[] = [];
  const wholes = new Set<string>();
  const add = (row: number) => {
    const { text, tagIds, first, last } = rows[row] as SampledRow;
    for (let at = 0; at + 3 <= text.length; at++) {
      const key = runKey(text.charCodeAt(at), text.charCodeAt(at + 1), text.charCodeAt(at + 2));
      if (key < 0) continue;
      const list = lists.get(key);
      // Rows are added in order, so a row already listed is the list's last.
      if (!list) lists.set(key, [row]);
      else if (list[list.length - 1] !== row) list.push(row);
    }
    for (const tag of tagIds) {
      let bits = tagLists.get(tag);
      if (!bits) {
        bits = new Uint32Array(words);
        tagLists.set(tag, bits);
      }
      bits[row >> 5] = (bits[row >> 5] as number) | (1 << (row & 31));
    }
    if (first !== null) firsts.push(first);
    if (last !== null) lasts.push(last);
    if (first !== null && last !== null) wholes.add(`${first}\0${last}`);
  };
  const done = (): NewestRows => {
    const runs = new Map<number, Uint16Array>();
    for (const [key, list] of lists) runs.set(key, Uint16Array.from(list));
    // The default sort compares UTF-16 code units, as startsWith does: the names starting with a prefix are
    // then together, from the first not less than it.
    return { rows, runs, tagged: tagLists, firsts: firsts.sort(), lasts: lasts.sort(), wholes };
  };
  return { add, done };
}

export function indexNewest(rows: readonly SampledRow[]): NewestRows {
  const { add, done } = indexer(rows);
  for (let row = 0; row < rows.length; row++) add(row);
  return done();
}

/**
 * indexNewest a few hundred rows at a time, the event loop turning between them: the sample's 2,000 rows took 35
 * to 58 ms of the thread in one go on this machine (its 190,000 runs of three characters), which every request
 * would have waited behind, once an hour per licence.
 */
export async function indexNewestInTurns(rows: readonly SampledRow[]): Promise<NewestRows> {
  const { add, done } = indexer(rows);
  for (let row = 0; row < rows.length; row++) {
    if (row > 0 && row % ROWS_A_TURN === 0) await new Promise((turned) => setImmediate(turned));
    add(row);
  }
  return done();
}

/**
 * The rows that may hold `needle`: those holding its rarest run of three characters (none when a run is held by
 * no row), or every row when it is shorter than a run or holds a run not kept.
 */
function mayHold(newest: NewestRows, needle: string): Iterable<number> | undefined {
  let rarest: Uint16Array | undefined;
  for (let at = 0; at + 3 <= needle.length; at++) {
    const key = runKey(needle.charCodeAt(at), needle.charCodeAt(at + 1), needle.charCodeAt(at + 2));
    if (key < 0) return undefined;
    const rows = newest.runs.get(key);
    if (!rows) return [];
    if (!rarest || rows.length < rarest.length) rarest = rows;
  }
  return rarest;
}

/** The rows whose tags meet a group, as tagCondition reads `tag_ids`: each of `all`, none of `none`. */
function groupRows(newest: NewestRows, group: TagGroup): Uint32Array {
  const words = Math.ceil(newest.rows.length / 32);
  const meet = new Uint32Array(words).fill(0xffffffff);
  const none = new Uint32Array(words);
  for (const tag of group.all) {
    const bits = newest.tagged.get(tag) ?? none;
    for (let w = 0; w < words; w++) meet[w] = (meet[w] as number) & (bits[w] as number);
  }
  for (const tag of group.none) {
    const bits = newest.tagged.get(tag) ?? none;
    for (let w = 0; w < words; w++) meet[w] = (meet[w] as number) & ~(bits[w] as number);
  }
  // The last word's bits past the rows are no rows.
  const past = newest.rows.length & 31;
  if (past > 0) meet[words - 1] = (meet[words - 1] as number) & ((1 << past) - 1);
  return meet;
}

/** The rows whose tags meet any group of the expression. */
function expressionRows(newest: NewestRows, expression: TagExpression): Uint32Array {
  const meet = new Uint32Array(Math.ceil(newest.rows.length / 32));
  for (const group of expression) {
    const rows = groupRows(newest, group);
    for (let w = 0; w < meet.length; w++) meet[w] = (meet[w] as number) | (rows[w] as number);
  }
  return meet;
}

function bitCount(bits: Uint32Array): number {
  let count = 0;
  for (let word of bits) {
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

const holds = (bits: Uint32Array, row: number) => (((bits[row >> 5] as number) >>> (row & 31)) & 1) === 1;

/**
 * How many rows hold the tag expression (all rows without one), and how many of those hold `needle` in their
 * search column: what reading every row's tags and `includes` counts (newest-rows.test.ts).
 */
export function countNewest(
  newest: NewestRows,
  needle: string,
  tags: TagExpression,
): { hits: number; tagged: number } {
  const meet = tags.length > 0 ? expressionRows(newest, tags) : undefined;
  let hits = 0;
  for (const row of mayHold(newest, needle) ?? newest.rows.keys()) {
    if (meet && !holds(meet, row)) continue;
    if (newest.rows[row]?.text.includes(needle)) hits++;
  }
  return { hits, tagged: meet ? bitCount(meet) : newest.rows.length };
}

/** How many rows' tags meet the group. */
export const groupHolders = (newest: NewestRows, group: TagGroup) => bitCount(groupRows(newest, group));

/** Whether a name of `sorted` starts with `prefix`: the first not less than it, if any, does. */
function anyStarts(sorted: string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return sorted[low]?.startsWith(prefix) === true;
}

/**
 * Whether a row's first or last name starts with `prefix`, or its first and last names are one of `wholes`: what
 * holdsName tests of each row (candidate-search.conditions.ts), asked of all at once.
 */
export function anyName(
  newest: NewestRows,
  { prefix, wholes }: { prefix: string; wholes: [string, string][] },
): boolean {
  return (
    anyStarts(newest.firsts, prefix) ||
    anyStarts(newest.lasts, prefix) ||
    wholes.some(([first, last]) => newest.wholes.has(`${first}\0${last}`))
  );
}
