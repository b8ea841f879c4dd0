/**
 * The candidates' activity (issue 21, decision 182): `candidate_events` rows made by PostgreSQL itself, as the
 * rest of the dataset, with the `data` shape each kind has (packages/contract/src/activity.ts).
 *
 * The layout is a closed form, so a batch needs no other: generated candidate number g (created at
 * `now - g * step`, generator.ts) owns the event numbers [start(g), start(g + 1)). The oldest candidate, g = N,
 * is the busy one: min(10,000, events / 2) events, the timeline budget's "candidate with 10,000 events". The
 * others share the rest, the older ones more (start(g) grows as x(1 + x) / 2 of their rank: from half the mean
 * for the newest to 1.5 times it for the oldest). Everything is drawn from hashes of the event number and the
 * seed, so the same options give the same rows whatever the candidates' ids.
 */

/** What events.ts needs of the organisation generator.ts made. */
export type EventSources = {
  candidates: number;
  events: number;
  licenceId: number;
  actorId: number | null;
  offers: { id: number; name: string }[];
  pipeline: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  titles: readonly string[];
  /** SQL: the hash draw in [0, 1) of an int8 expression and a salt (generator.ts `draw`). */
  draw: (n: string, salt: number) => string;
  /** SQL: the time of the run ('…'::timestamptz) and the microseconds between two generated candidates. */
  nowSql: string;
  stepUs: number;
};

/** Events a window holds on average: large statements, yet progress to report. */
const EVENT_BATCH = 250_000;

/** The busy candidate's share: the timeline budget's 10,000 events, or half of a smaller total. */
export function busyEvents(candidates: number, events: number) {
  if (candidates === 0) return 0;
  return candidates === 1 ? events : Math.min(10_000, Math.floor(events / 2));
}

// Event kinds after the first ('created'), per 100 draws: mostly moves, then emails and tags, as an ATS records.
const KIND_WEIGHTS: [string, number][] = [
  ['status_changed', 49],
  ['email_sent', 18],
  ['tag_added', 10],
  ['application_created', 6],
  ['profile_edited', 4],
  ['tag_removed', 3],
  ['contact_added', 3],
  ['exported', 2],
  ['imported', 1],
  ['contact_made_primary', 1],
  ['contact_removed', 1],
  ['application_copied', 1],
  ['application_deleted', 1],
];
/** Kinds whose event names an offer: an email too, sent from an offer's pipeline as the product sends it. */
const NEEDS_OFFER = [
  'email_sent',
  'status_changed',
  'application_created',
  'application_deleted',
  'application_copied',
  'exported',
];

const SUBJECTS = [
  'Your application',
  'Votre candidature',
  'Interview invitation',
  'Invitation à un entretien',
  'Next steps',
  'Proposition de poste',
  'Following up',
];
const FILES = ['candidates-2024-03.csv', 'salon-emploi.xlsx', 'linkedin-export.csv', 'cvtheque.csv'];

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `array[${list.map(literal).join(',')}]::text[]`;
const intArray = (list: readonly number[]) => `'{${list.join(',')}}'::int[]`;

/**
 * The INSERT ... SELECT statements, one per window of time, to run in turn: each writes the events of that
 * window in time order, so ids grow with times. The candidates are those with ids from `after` (the last id
 * before this seed, so an earlier seed's candidates get none) to `last`, the last this seed gave.
 */
export function eventStatements(s: EventSources, ids: { after: number; last: number }) {
  const N = s.candidates;
  if (N === 0 || s.events === 0) return [];
  const busy = busyEvents(N, s.events);
  const shared = s.events - busy;
  const u = s.draw;
  // start(g) = floor(shared * x (1 + x) / 2), x = (g - 1) / (N - 1): 0 for g = 1, `shared` for g = N.
  const d = Math.max(1, N - 1);
  const start = (g: string) =>
    `floor(${shared}::numeric * ((${g}) - 1) * (${d} + (${g}) - 1) / ${2 * d * d}::numeric)::int8`;
  const end = (g: string) => `case when ${g} = ${N} then ${s.events}::int8 else ${start(`${g} + 1`)} end`;

  const hasOffers = s.offers.length > 0 && s.pipeline.length > 0;
  const weights = KIND_WEIGHTS.filter(([kind]) => s.tags.length > 0 || !kind.startsWith('tag_')).filter(
    ([kind]) => hasOffers || !NEEDS_OFFER.includes(kind),
  );
  const total = weights.reduce((a, [, w]) => a + w, 0);
  const kindTable: string[] = [];
  let cumulative = 0;
  weights.forEach(([kind, w], i) => {
    cumulative += w;
    const until = i === weights.length - 1 ? 100 : Math.round((cumulative / total) * 100);
    while (kindTable.length < until) kindTable.push(kind);
  });

  const offerIds = intArray(s.offers.map((o) => o.id));
  const offerNames = textArray(s.offers.map((o) => o.name));
  const statusIds = intArray(s.pipeline.map((p) => p.id));
  const statusNames = textArray(s.pipeline.map((p) => p.name));
  const tagIds = intArray(s.tags.map((t) => t.id));
  const tagNames = textArray(s.tags.map((t) => t.name));
  const titles = textArray(s.titles);
  // An offer, the first ones (the pool, the demo's) more often; a status of the pipeline, the early ones more.
  const at = (length: number, salt: number, skew = 1) =>
    `(1 + floor(power(${u('e', salt)}, ${skew}) * ${Math.max(1, length)})::int)`;
  const named = (ids: string, names: string, i: string) =>
    `jsonb_build_object('id', (${ids})[${i}], 'name', (${names})[${i}])`;
  const offer = named(offerIds, offerNames, 'oi');
  const status = (i: string) => named(statusIds, statusNames, i);
  const tag = named(tagIds, tagNames, 'ti');
  const pickText = (list: readonly string[], salt: number) =>
    `(${textArray(list)})[${at(list.length, salt)}]`;
  const data = `case kind
      when 'created' then case when ${u('e', 40)} < 0.7 then '{"how": "form"}'::jsonb
        else jsonb_build_object('how', 'import', 'file', ${pickText(FILES, 41)}) end
      when 'status_changed' then jsonb_build_object(
        'from', case when si = 1 then null else ${status('si - 1')} end, 'to', ${status('si')}, 'offer', ${offer},
        'via', case when ${u('e', 42)} < 0.8 then 'move' when ${u('e', 42)} < 0.95 then 'bulk'
          when ${u('e', 42)} < 0.98 then 'export' else 'email' end)
      when 'application_created' then jsonb_build_object('offer', ${offer}, 'status', ${status('1')})
      when 'application_deleted' then jsonb_build_object('offer', ${offer}, 'status', ${status('si')})
      when 'application_copied' then jsonb_build_object('from', ${named(offerIds, offerNames, `${at(s.offers.length, 43)}`)},
        'to', ${offer})
      when 'exported' then jsonb_build_object('offer', ${offer})
      when 'email_sent' then jsonb_build_object('subject', ${pickText(SUBJECTS, 44)}, 'template', null,
        'email_id', null, 'to', email)
      when 'tag_added' then jsonb_build_object('tag', ${tag})
      when 'tag_removed' then jsonb_build_object('tag', ${tag})
      when 'contact_added' then jsonb_build_object('type', 'email', 'value', email)
      when 'contact_removed' then jsonb_build_object('type', 'email', 'value', 'old.' || email)
      when 'contact_made_primary' then jsonb_build_object('type', 'email', 'value', email)
      when 'profile_edited' then jsonb_build_object('changes', jsonb_build_array(jsonb_build_object(
        'field', 'title', 'before', ${pickText(s.titles, 45)}, 'after', (${titles})[${at(s.titles.length, 46)}])))
      when 'imported' then jsonb_build_object('file', ${pickText(FILES, 47)})
    end`;

  // Windows of time, oldest first, narrower towards now where most events are (the ages of their bounds go as
  // the square of their rank); each event falls in one, by its time. Run in turn, they number events in time
  // order across candidates, as the application does: a busy candidate's events are spread among everyone's.
  const oldestUs = N * s.stepUs;
  const windows = Math.max(1, Math.ceil(s.events / EVENT_BATCH));
  const bound = (i: number) => {
    if (i === 0) return `${s.nowSql} - interval '1 day' - ${oldestUs}::int8 * interval '1 microsecond'`;
    if (i === windows) return `${s.nowSql} + interval '1 day'`;
    const ageUs = Math.round(oldestUs * ((windows - i) / windows) ** 2);
    return `${s.nowSql} - ${ageUs}::int8 * interval '1 microsecond'`;
  };
  const epoch = (a: string, b: string) => `extract(epoch from (${a}) - (${b}))`;
  const statements: { text: string }[] = [];
  for (let w = 0; w < windows; w++) {
    const [t0, t1] = [bound(w), bound(w + 1)];
    statements.push({
      text: `
      with cand as (
        select c.id, c.created_at, split_part(c.contact_text, ' ', 1) as email,
          round(extract(epoch from (${s.nowSql} - c.created_at)) * 1000000 / ${s.stepUs})::int8 as g
        from candidates c
        where c.id between ${ids.after + 1} and ${ids.last} and c.licence_id = ${s.licenceId}
          and c.created_at between ${s.nowSql} - ${N}::int8 * ${s.stepUs} * interval '1 microsecond' and ${s.nowSql}
          and c.created_at < ${t1}
      ), spans as (
        select id, created_at, email, ${start('g')} as first_e, ${end('g')} as end_e,
          ${epoch(s.nowSql, 'created_at')} as life from cand
      ), drawn as (
        select sp.id as candidate_id, sp.created_at as born, sp.email, e, e - sp.first_e as j,
          sp.end_e - sp.first_e as k
        from spans sp, lateral generate_series(
          sp.first_e + greatest(0, floor(${epoch(t0, 'sp.created_at')} / sp.life * (sp.end_e - sp.first_e))::int8 - 1),
          sp.first_e + least(sp.end_e - sp.first_e - 1,
            ceil(${epoch(t1, 'sp.created_at')} / sp.life * (sp.end_e - sp.first_e))::int8 + 1)) e
      ), timed as (
        select *,
          case when j = 0 then 'created'
            else (${textArray(kindTable)})[1 + floor(${u('e', 30)} * 100)::int] end as kind,
          ${at(s.offers.length, 31, 2)} as oi,
          ${at(s.pipeline.length, 32, 1.5)} as si,
          ${at(s.tags.length, 33, 2)} as ti,
          -- the first at the candidate's creation, the others each in its own slice of its life since: in order
          born + (${s.nowSql} - born) * ((j + case when j = 0 then 0 else ${u('e', 34)} end) / k) as at
        from drawn
      )
      insert into candidate_events (licence_id, candidate_id, job_offer_id, kind, actor_id, data, created_at)
      select ${s.licenceId}, candidate_id,
        case when kind in (${NEEDS_OFFER.map(literal).join(', ')}) then (${offerIds})[oi] end,
        kind, ${s.actorId ?? 'null'}, ${data}, at
      from timed
      where at >= ${t0} and at < ${t1}
      order by at, candidate_id`,
    });
  }
  return statements;
}
