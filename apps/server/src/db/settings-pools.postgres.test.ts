import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRows } from './raw-rows.ts';
import { type SettingsPools, settingsPools } from './settings-pools.ts';

/** The connections a read's planner settings come with on PostgreSQL (decision 248). */
const url = process.env.TEST_DATABASE_URL ?? '';
const withOptions = (options: string) => {
  const u = new URL(url);
  u.searchParams.set('options', options);
  return u.toString();
};
const settingsOf = (pools: SettingsPools, settings: Parameters<SettingsPools['with']>[0]) =>
  rawRows<{ mem: string; seq: string; timeout: string; name: string }>(
    pools.with(settings),
    sql`select current_setting('work_mem') as mem, current_setting('enable_seqscan') as seq,
      current_setting('statement_timeout') as timeout, current_setting('application_name') as name`,
  );

let opened: SettingsPools[] = [];
const open = (at: string) => {
  const pools = settingsPools(at, 2);
  opened.push(pools);
  return pools;
};
afterEach(async () => {
  await Promise.all(opened.map((pools) => pools.end()));
  opened = [];
});

describe('settingsPools', () => {
  it('opens connections with the settings asked, one pool for each set whatever its order', async () => {
    const pools = open(url);
    expect(
      await settingsOf(pools, [
        ['work_mem', '7MB'],
        ['enable_seqscan', 'off'],
      ]),
    ).toEqual([{ mem: '7MB', seq: 'off', timeout: '0', name: '' }]);
    expect(
      pools.with([
        ['enable_seqscan', 'off'],
        ['work_mem', '7MB'],
      ]),
    ).toBe(
      pools.with([
        ['work_mem', '7MB'],
        ['enable_seqscan', 'off'],
      ]),
    );
    expect(pools.with([['enable_seqscan', 'off']])).not.toBe(pools.with([['work_mem', '7MB']]));
    expect(await settingsOf(pools, [['enable_seqscan', 'off']])).toEqual([
      { mem: '4MB', seq: 'off', timeout: '0', name: '' },
    ]);
  });

  it("keeps the URL's own startup options beside them, and a value's spaces whole", async () => {
    const pools = open(withOptions('-c statement_timeout=4321 -c application_name=vivier\\ bench'));
    expect(await settingsOf(pools, [['enable_seqscan', 'off']])).toEqual([
      { mem: '4MB', seq: 'off', timeout: '4321ms', name: 'vivier bench' },
    ]);
    // A value with a space is refused by PostgreSQL as a value, not split into another option.
    await expect(settingsOf(pools, [['work_mem', '8 MB -c enable_seqscan=off']])).rejects.toThrow(/work_mem/);
  });
});
