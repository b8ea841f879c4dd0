import { REPORT_KINDS } from '@vivier/contract/report-kinds';
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../test/fixtures/organisation.ts';
import {
  json,
  knownReportHistory,
  MARCH,
  offerA,
  offerB,
  org,
  other,
  reader,
  report,
  t,
} from '../../test/fixtures/report-history.ts';

// Who reads the reports (issue 26): the read-only level, another licence (404 for its offers, nothing of ours),
// a user of an opaque licence, bad filters and parallel requests, over the known history.
knownReportHistory();

describe('who reads the reports', () => {
  it('lets the read-only level read them', async () => {
    expect(await json('funnel', MARCH, reader)).toMatchObject({ applications: 6 });
  });

  it("answers 404 for another licence's offer and nothing of ours without one", async () => {
    for (const name of REPORT_KINDS) {
      expect((await report(name, `${MARCH}&job_offer_ids=${offerA}`, other.admin.headers)).statusCode).toBe(
        404,
      );
    }
    expect(await json('funnel', MARCH, other.admin.headers)).toMatchObject({ applications: 0, rejected: 0 });
    expect((await json('sources', MARCH, other.admin.headers)).sources).toEqual([]);
    expect((await json('team_activity', MARCH, other.admin.headers)).rows).toEqual([]);
  });

  it('shows a user of an opaque licence only the offers they see', async () => {
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    try {
      expect(await json('funnel', MARCH, org.alice.headers)).toMatchObject({ applications: 4 });
      expect((await report('funnel', `${MARCH}&job_offer_ids=${offerB}`, org.alice.headers)).statusCode).toBe(
        404,
      );
      expect(await json('funnel', MARCH, org.admin.headers)).toMatchObject({ applications: 6 });
    } finally {
      await setSetting(t, org.licence.id, 'transparency', 'transparent');
    }
  });

  it('answers 400 to bad filters', async () => {
    for (const query of [
      'from=2026-03-10&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'to=2026-13-01',
      'job_offer_ids=abc',
      'tag_ids=1,-2',
      'company_id=0',
      'colour=red',
    ]) {
      const res = await report('funnel', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
  });

  it('answers parallel requests alike', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => json('funnel')));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
