/**
 * Issue 28's alert budget, in process on the bench's database (decision 209): "an alert run over 10,000 new
 * candidates and 1,000 saved searches completes in < 30 s on PostgreSQL".
 *
 * 1,000 saved searches with an instant alert are saved in the bench licence (a mix like a team's: a last name,
 * a first name with a tag, a title word, a tag expression alone, a legal basis with a name, a word also looked
 * for in the CVs), then 10,000 candidates are created after them (names, titles and tags from the demo's
 * words), and one alert run (the periodic job's work: each search's new matches recorded as alerted, one
 * notification and one queued mail per search that has some, each mark moved on) is timed. Everything it made
 * is deleted after, so the HTTP scenarios read the dataset as generated.
 */
import { sql } from 'drizzle-orm';
import {
  type Db,
  FIRST_NAMES,
  LAST_NAMES,
  runSavedSearchAlerts,
  savedSearchAlertMailJob,
  TITLES,
} from '../../apps/server/src/bench-entry.ts';
import type { Fixture } from '../dataset/fixture.ts';
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';

export const ALERT_SEARCHES = 1000;
export const ALERT_CANDIDATES = 10_000;

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const noServer = { peakRssMb: () => process.memoryUsage().rss / 1024 / 1024 };
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const titleWord = (i: number) =>
  pick(TITLES, i)
    .split(/\s+/)
    .sort((a, b) => b.length - a.length)[0] as string;

/** The i-th saved search's filters: a mix of what a team saves. */
export function searchOf(i: number, tags: number[]) {
  const tag = (k: number) => String(pick(tags, k));
  switch (i % 10) {
    case 0:
    case 1:
    case 2:
    case 3:
      return { search: pick(LAST_NAMES, i * 7), tags: [] as string[], inCvs: false, legalBasis: null };
    case 4:
    case 5:
      return { search: pick(FIRST_NAMES, i * 3), tags: [tag(i)], inCvs: false, legalBasis: null };
    case 6:
      return { search: titleWord(i), tags: [], inCvs: false, legalBasis: null };
    case 7:
      return { search: '', tags: [tag(i), 'and', 'not', tag(i + 1)], inCvs: false, legalBasis: null };
    case 8:
      return { search: pick(LAST_NAMES, i * 11), tags: [], inCvs: false, legalBasis: 'consent' };
    default:
      return { search: titleWord(i + 3), tags: [], inCvs: true, legalBasis: null };
  }
}

/**
 * The searches and the new candidates of one alert run; answers how to remove them (their alerted rows and
 * notifications go with the searches) and the run's queued mails.
 */
export async function setUpAlertRun(db: Db, fixture: Fixture) {
  const licenceId = fixture.licenceId;
  const ownerId = fixture.caller.userId;
  const tags = fixture.tagsByUse.slice(0, 20);
  if (tags.length < 2) throw new Error('the bench licence has too few tags for the alert scenario');
  const runName = `alertbench${Date.now().toString(36)}`;
  let firstNew = 0;
  const cleanUp = async () => {
    await db.execute(sql`delete from jobs where kind = 'saved_searches.alert_mail'`);
    await db.execute(sql`delete from saved_searches where name like ${`${runName} %`}`);
    if (firstNew > 0) {
      await db.execute(sql`delete from candidates where licence_id = ${licenceId} and id >= ${firstNew}`);
    }
  };
  try {
    // The searches, saved before the candidates: their mark is now.
    for (let from = 0; from < ALERT_SEARCHES; from += 250) {
      const values = Array.from({ length: Math.min(250, ALERT_SEARCHES - from) }, (_, k) => {
        const i = from + k;
        const s = searchOf(i, tags);
        return sql`(${licenceId}, ${ownerId}, ${`${runName} ${i}`}, ${s.search}, ${`{${s.tags.join(',')}}`}::text[],
          ${s.inCvs}, ${s.legalBasis}, 'instant', now() - interval '1 second', now() - interval '1 second')`;
      });
      await db.execute(
        sql`insert into saved_searches (licence_id, owner_id, name, search, tags, in_cvs, legal_basis, alert,
              alerted_up_to, alert_since)
            values ${sql.join(values, sql`, `)}`,
      );
    }
    // The new candidates, in one statement: names and titles from the demo's words, a third tagged.
    const firsts = `{${FIRST_NAMES.map((n) => `"${n}"`).join(',')}}`;
    const lasts = `{${LAST_NAMES.map((n) => `"${n}"`).join(',')}}`;
    const titles = `{${TITLES.map((n) => `"${n}"`).join(',')}}`;
    const tagArray = `{${tags.join(',')}}`;
    const [made] = await rows<{ first: number }>(
      db,
      sql`with made as (
            insert into candidates (licence_id, first_name, last_name, details, tag_ids, legal_basis)
            select ${licenceId},
              (${firsts}::text[])[1 + (g * 7919) % ${FIRST_NAMES.length}],
              (${lasts}::text[])[1 + (g * 104729) % ${LAST_NAMES.length}],
              jsonb_build_object('title', (${titles}::text[])[1 + (g * 31) % ${TITLES.length}]),
              case when g % 3 = 0 then array[(${tagArray}::int[])[1 + g % ${tags.length}],
                                            (${tagArray}::int[])[1 + (g / 3) % ${tags.length}]]
                   else '{}'::int[] end,
              case when g % 4 = 0 then 'consent' else 'legitimate_interest' end
            from generate_series(1, ${ALERT_CANDIDATES}) g
            returning id)
          select min(id) as first from made`,
    );
    firstNew = Number(made?.first);
    await db.execute(sql`analyze candidates`);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { runName, cleanUp };
}

export async function alertScenario(db: Db, fixture: Fixture, report: Report) {
  const mailKind = savedSearchAlertMailJob({ mailer: { send: async () => {} }, publicUrl: () => '' });
  const { cleanUp } = await setUpAlertRun(db, fixture);
  try {
    const started = performance.now();
    const run = await runSavedSearchAlerts(db, mailKind);
    const ms = performance.now() - started;
    report.record(
      `saved search alerts: ${ALERT_CANDIDATES.toLocaleString('en')} new candidates, ${ALERT_SEARCHES.toLocaleString('en')} searches`,
      1,
      [ms],
      ms / 1000,
      run.searches === ALERT_SEARCHES ? 0 : 1,
      noServer,
      null,
      BUDGETS.alerts,
    );
    console.log(
      `  saved search alerts: one run over ${ALERT_CANDIDATES} new candidates and ${run.searches} searches in ${(ms / 1000).toFixed(2)} s (< 30 s: ${ms < 30_000 ? 'met' : 'MISSED'}); ${run.alerted} searches alerted of ${run.candidates} matches in all`,
    );
  } finally {
    await cleanUp();
  }
}
