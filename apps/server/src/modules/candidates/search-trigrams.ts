import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { readWith } from '../../db/planner-settings.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates } from '../../db/schema/index.ts';
import { searchNormalised, searchNormalisedText } from '../../db/schema/search-text.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { PROBE_ROWS, WALK_BUDGET_ROWS, walkBudgetSetting } from './candidate-search-probe.ts';
import { inWalkIndex, newestFirst, textWalkSettings } from './candidate-search-walk.ts';
import { indexNewestInTurns, type NewestRows, type SampledRow } from './newest-rows.ts';
import type { TagExpression } from './tag-expression.ts';

/*
 * How often each trigram occurs among a licence's newest candidates (decision 240): what lets a gather through
 * the trigram index ask for a word's rarest trigram instead of every one of them. A GIN scan reads each key's
 * whole posting list; a name's trigrams are mostly common ('camille' has five in 11 % of a million candidates),
 * so reading them all cost 12 ms for 'Camille Martinez', where its two rarest cost 2. The whole term is still
 * checked on every row found, so the answers never depend on the sample: only the cost does.
 */

/** The newest candidates a sample reads: enough to tell a trigram in 1 % from one in 0.1 %. */
export const TRIGRAM_SAMPLE_ROWS = 10_000;
/** How long a sample serves before a search asks for a new one (read in the background meanwhile). */
export const TRIGRAM_SAMPLE_TTL_MS = 60 * 60 * 1000;
/** The licences whose samples one process keeps (a few hundred kB each), the least recently read dropped. */
const KEPT_LICENCES = 64;
/**
 * The most candidates the rarest trigrams may be expected to let through for the heap to check: past it, a
 * term's words are asked whole, as before. A row checked costs about what 100 to 150 entries of a posting list
 * do, so a few thousand rows are cheaper than the common trigrams they spare.
 */
export const RAREST_KEYS_ROW_BUDGET = 4_000;

export type TrigramSample = {
  /** The rows the sample read. */
  sampled: number;
  /** The licence's candidates that are not erased, or at most the table's (readTrigramSample). */
  candidates: number;
  /** Rows of the sample holding each trigram of letters and digits. */
  counts: Map<string, number>;
  /** Rows of the sample holding each tag (decision 254): how often a gather's tags let rows through. */
  tags: Map<number, number>;
  /**
   * The search column and tags of the licence's PROBE_ROWS newest candidates, as the probe reads them (decision
   * 255: probeSample), and their names (decision 258: namesMayProve), in no particular order, with what finds
   * rows among them (newest-rows.ts, decision 260); fewer when the licence has fewer. They are the sample's first
   * slices whole (PROBE_ROWS is a multiple of SLICE_ROWS), so no row past them is kept.
   */
  newest: NewestRows;
  /** The engine's walk budget (`vivier.text_walk_budget_rows`, WALK_BUDGET_ROWS when absent), as the probe reads it. */
  budget: number;
  readAt: number;
};

/** The rows one statement of the sample reads: the embedded engine's one connection is never held long. */
const SLICE_ROWS = 1_000;

/**
 * The sample's read: the newest candidates' trigram counts, a slice at a time, and the licence's size. No
 * parallel workers or JIT: it runs beside the searches it serves.
 */
export async function readTrigramSample(db: Db, licenceId: number): Promise<TrigramSample> {
  // The candidates the walk's index holds (nearly all): the sample and the count read that index alone.
  const live = and(scoped(candidates, licenceId), sql`${candidates.erasedAt} is null`, inWalkIndex);
  const counts = new Map<string, number>();
  const tags = new Map<number, number>();
  const newest: SampledRow[] = [];
  let budget = WALK_BUDGET_ROWS;
  let sampled = 0;
  for (let offset = 0; offset < TRIGRAM_SAMPLE_ROWS; offset += SLICE_ROWS) {
    // The names only while the rows are among the probe's newest: past them the slice reads the walk's index
    // alone, which does not hold them.
    const kept = offset < PROBE_ROWS;
    const name = (column: AnyPgColumn) =>
      sql<string | null>`${kept ? searchNormalised(sql`${column}`) : sql`null`}`;
    const slice = db
      .select({
        text: sql<string>`${candidates.searchText}`.as('text'),
        tagIds: sql<number[]>`${candidates.tagIds}`.as('tag_ids'),
        first: name(candidates.firstName).as('first'),
        last: name(candidates.lastName).as('last'),
      })
      .from(candidates)
      .where(live)
      .orderBy(...newestFirst)
      .limit(SLICE_ROWS)
      .offset(offset);
    const [row] = await readWith(db, textWalkSettings, (tx) =>
      rawRows<{
        trigrams: [string, number][] | null;
        tags: [number, number][] | null;
        rows: number;
        newest: [string, number[], string | null, string | null][] | null;
        budget: number;
      }>(
        tx,
        sql`with slice as (${slice})
          select (select count(*)::int from slice) as rows,
            (select json_agg(json_build_array(t, n)) from (select t, count(*)::int as n
              from slice, unnest(show_trgm(slice.text)) t where t ~ '^[a-z0-9]{3}$' group by t) counted) as trigrams,
            (select json_agg(json_build_array(t, n)) from (select t, count(*)::int as n
              from slice, unnest(slice.tag_ids) t group by t) counted) as tags,
            -- The rows themselves only while they are among the probe's newest.
            case when ${kept} then (select json_agg(json_build_array(slice.text, slice.tag_ids, slice.first,
              slice.last)) from slice) end as newest,
            ${walkBudgetSetting} as budget`,
      ),
    );
    for (const [trigram, n] of row?.trigrams ?? []) counts.set(trigram, (counts.get(trigram) ?? 0) + n);
    for (const [tag, n] of row?.tags ?? []) tags.set(tag, (tags.get(tag) ?? 0) + n);
    for (const [text, tagIds, first, last] of row?.newest ?? []) newest.push({ text, tagIds, first, last });
    budget = row?.budget ?? budget;
    sampled += row?.rows ?? 0;
    if ((row?.rows ?? 0) < SLICE_ROWS) break;
  }
  // A licence larger than the sample is taken at the table's size as the planner last counted it (counting a
  // million candidates costs 0.7 s): an estimate that errs large, towards asking for whole words.
  const [table] =
    sampled < TRIGRAM_SAMPLE_ROWS
      ? []
      : await rawRows<{ n: number }>(
          db,
          sql`select greatest(reltuples, 0)::int as n from pg_class where oid = 'candidates'::regclass`,
        );
  return {
    sampled,
    candidates: Math.max(sampled, table?.n ?? 0),
    counts,
    tags,
    newest: await indexNewestInTurns(newest.slice(0, PROBE_ROWS)),
    budget,
    readAt: Date.now(),
  };
}

type Kept = { sample?: TrigramSample; reading?: Promise<void> };
const kept = new WeakMap<Db, Map<number, Kept>>();

/**
 * The licence's sample as this process last read it, or nothing yet. A missing or stale one is read in the
 * background (one read at a time per licence), so no search waits for it; a failed read leaves the search
 * asking for whole words. Inside a transaction, nothing.
 */
export function trigramSample(db: Db, licenceId: number): TrigramSample | undefined {
  // Never read beside a caller's transaction: it would run inside it, or after it had ended.
  if (db instanceof PgTransaction) return undefined;
  let licences = kept.get(db);
  if (!licences) {
    licences = new Map();
    kept.set(db, licences);
  }
  const entry = licences.get(licenceId) ?? {};
  // Re-inserted: a Map iterates in insertion order, so the first key is the least recently read.
  licences.delete(licenceId);
  licences.set(licenceId, entry);
  if (licences.size > KEPT_LICENCES) licences.delete(licences.keys().next().value as number);
  const stale = !entry.sample || Date.now() - entry.sample.readAt > TRIGRAM_SAMPLE_TTL_MS;
  if (stale && !entry.reading) {
    entry.reading = readTrigramSample(db, licenceId).then(
      (sample) => {
        entry.sample = sample;
        entry.reading = undefined;
      },
      () => {
        entry.reading = undefined;
      },
    );
  }
  return entry.sample;
}

/** Resolves when the licence's sample being read, if any, is in (tests). */
export async function trigramSampleRead(db: Db, licenceId: number): Promise<void> {
  await kept.get(db)?.get(licenceId)?.reading;
}

/**
 * A word as the search column holds it (searchNormalised: lower case, accents removed), when each of its
 * characters is an ASCII letter or digit or an accented Latin letter: there the translation is one character
 * for one, the same here as in the database. Anything else answers nothing and the word is asked whole.
 */
function normalisedWord(word: string): string | undefined {
  const normal = searchNormalisedText(word);
  return /^[a-z0-9]*$/.test(normal) && normal.length === word.length ? normal : undefined;
}

/**
 * A word's rarest trigram in the sample and how many rows of the sample hold it (no more hold the word);
 * nothing for a word the sample cannot tell (shorter than a trigram, or letters normalisedWord cannot map).
 */
function rarestTrigram(word: string, sample: TrigramSample): { trigram: string; count: number } | undefined {
  const normal = normalisedWord(word);
  if (!normal || normal.length < 3) return undefined;
  let rarest: { trigram: string; count: number } | undefined;
  for (let at = 0; at + 3 <= normal.length; at++) {
    const trigram = normal.slice(at, at + 3);
    const count = sample.counts.get(trigram) ?? 0;
    if (!rarest || count < rarest.count) rarest = { trigram, count };
  }
  return rarest;
}

/**
 * Whether more candidates than the cap may hold a text term (decision 247): only then does the probe ask the
 * names' indexes to prove it past the cap (namedConditions, decision 242), whose counts cost planning on every
 * text search (~2 ms a search on the embedded engine, where a rare term's whole search costs 10 to 15). A term
 * is held by no more rows than each of its words, and a word by no more than its rarest trigram; the words
 * are taken as independent, and the estimate must fall under a quarter of the cap to skip the proof, so a
 * sample's chance shortfall rarely skips one that would have proven. A licence no larger than the cap never
 * passes it. Without a sample, or with no word it can tell ('ju', a word in another script), yes, as before.
 * A skipped proof changes no answer: the matches are then counted as any others are.
 */
export function mayPassTheCap(search: string, sample: TrigramSample | undefined): boolean {
  if (!sample || sample.sampled === 0) return true;
  if (sample.candidates <= CANDIDATE_COUNT_CAP) return false;
  let estimate = sample.candidates;
  let told = false;
  for (const word of search.split(/[^\p{L}\p{N}]+/u)) {
    const rarest = rarestTrigram(word, sample);
    if (!rarest) continue;
    told = true;
    estimate *= rarest.count / sample.sampled;
  }
  return !told || estimate > CANDIDATE_COUNT_CAP / 4;
}

/**
 * The trigram index's keys for a term's words: each word's rarest trigram in the sample, when the rows they
 * let through that the heap must check are expected to number no more than RAREST_KEYS_ROW_BUDGET. Otherwise
 * nothing, and the words are asked whole.
 *
 * The rows let through: a word matches no more rows than its rarest trigram, and words apart are taken as
 * independent. With tags, the index intersects their posting lists in the same scan (decision 235), so only
 * the share of the newest holding them (the probe's `tagged`) is let through (decision 243). The heap stops at
 * the cap's worth of matches, so a frequent term (the probe's hits among the newest) reads only the share of
 * them its keys let through in excess.
 */
export function rarestTrigrams(
  words: string[],
  sample: TrigramSample | undefined,
  probe: { read: number; hits: number; tagged?: number },
): string[] | undefined {
  if (!sample || sample.sampled === 0) return undefined;
  const text = textShare(words, sample);
  if (!text) return undefined;
  // Tags none of the newest hold are taken as held by one: an estimate, never zero.
  const tagged = probe.tagged === undefined || probe.read === 0 ? 1 : Math.max(probe.tagged, 1) / probe.read;
  const letThrough = sample.candidates * text.share * tagged;
  return rowsChecked(letThrough, sample, probe) <= RAREST_KEYS_ROW_BUDGET ? text.keys : undefined;
}

/**
 * The most rows a gather asking the index for one tag of each group (gatherTags) may be expected to let through
 * for the heap to check. Past it, the expression's groups are asked whole. Measured at 1,000,000 candidates on
 * PostgreSQL over the bench's 60 texts with tags (decision 254): asking one tag a group cost less up to about
 * 1,200 to 1,600 rows checked, more past 1,700.
 */
export const TAG_OVERLAP_ROW_BUDGET = 1_500;

/**
 * The tags a gather of a text with a tag expression asks the index for (decision 254): the rarest in the sample
 * of each group's tags, as one condition (any of them), read in the same scan as the text's keys; the whole
 * expression is checked on the rows found. Asked whole, an expression of several groups is a scan per group,
 * each reading the text's posting lists again, and a group's most common tag (a third of the licence) reads a
 * long list to remove few rows. That is cheaper only when the text and the rarest tags together let many rows
 * through, which the heap would then check: nothing is asked then, nor for a group of exclusions alone (no tag
 * it must hold), nor without a sample.
 */
export function gatherTags(
  expression: TagExpression,
  words: string[],
  sample: TrigramSample | undefined,
  probe: { read: number; hits: number },
): number[] | undefined {
  if (!sample || sample.sampled === 0 || expression.length === 0) return undefined;
  const text = textShare(words, sample);
  if (!text) return undefined;
  // A tag the sample never met is taken as met once: an estimate, never zero.
  const held = (tag: number) => Math.max(sample.tags.get(tag) ?? 0, 1);
  const asked: number[] = [];
  for (const group of expression) {
    const rarest = group.all.reduce<number | undefined>(
      (least, tag) => (least === undefined || held(tag) < held(least) ? tag : least),
      undefined,
    );
    if (rarest === undefined) return undefined;
    asked.push(rarest);
  }
  const tags = [...new Set(asked)];
  const tagged = Math.min(1, tags.reduce((sum, tag) => sum + held(tag), 0) / sample.sampled);
  const letThrough = sample.candidates * text.share * tagged;
  return rowsChecked(letThrough, sample, probe) <= TAG_OVERLAP_ROW_BUDGET ? tags : undefined;
}

/**
 * The share of the licence a term's words may hold, by each word's rarest trigram in the sample (a word matches
 * no more rows than it; words apart are taken as independent), with those trigrams; nothing when the sample
 * cannot tell a word.
 */
function textShare(words: string[], sample: TrigramSample) {
  const keys: string[] = [];
  let share = 1;
  for (const word of words) {
    const rarest = rarestTrigram(word, sample);
    if (!rarest) return undefined;
    keys.push(rarest.trigram);
    // A trigram the sample never met is taken as met once: an estimate, never zero.
    share *= Math.max(rarest.count, 1) / sample.sampled;
  }
  return { keys, share };
}

/**
 * How many of the rows a gather lets through the heap checks: all of them, unless the probe expects more
 * matches than the cap (its hits among the newest), when the heap stops at the cap's worth of matches.
 */
function rowsChecked(letThrough: number, sample: TrigramSample, probe: { read: number; hits: number }) {
  const matches = probe.read > 0 ? (sample.candidates * probe.hits) / probe.read : 0;
  return matches > CANDIDATE_COUNT_CAP
    ? Math.min(letThrough, ((CANDIDATE_COUNT_CAP + 1) * letThrough) / matches)
    : letThrough;
}
