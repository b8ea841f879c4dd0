/**
 * The size and shape of a dataset from the command line (`npm run dataset`, `npm run bench`): a named profile of
 * the generator (`--profile peer-150k`), each count overridable by its flag. A new count (issue 21's `--events`)
 * is one row of SIZE_FLAGS and one field of DatasetOptions.
 */
import { type DatasetOptions, datasetOptions, PROFILES, type ProfileName } from './generator.ts';

/** Each count's flag, its option and the largest value accepted. */
export const SIZE_FLAGS = [
  ['candidates', 'candidates', 10_000_000],
  ['job-offers', 'jobOffers', 100_000],
  ['applications', 'applications', 10_000_000],
  ['tags', 'tags', 10_000],
  ['events', 'events', 50_000_000],
  ['cvs', 'cvs', 10_000_000],
  ['audit', 'audit', 50_000_000],
  ['seed', 'seed', 1_000_000],
] as const satisfies readonly (readonly [string, keyof DatasetOptions, number])[];

type SizeFlag = (typeof SIZE_FLAGS)[number][0];
export type SizeFlags = { profile?: string } & { [flag in SizeFlag]?: string };

/** The options for parseArgs that SizeFlags come from. */
export const sizeFlagOptions = Object.fromEntries(
  [['profile'], ...SIZE_FLAGS].map(([flag]) => [flag, { type: 'string' as const }]),
) as Record<'profile' | SizeFlag, { type: 'string' }>;

/** A mistake in the flags: the message names the flag. */
export class FlagError extends Error {}

/** What the flags give, checked: the profile and the counts named (the profile's sizes stand for the rest). */
export function givenSizes(flags: SizeFlags): Partial<DatasetOptions> & { profile?: ProfileName } {
  if (flags.profile !== undefined && !(flags.profile in PROFILES)) {
    throw new FlagError(`--profile is one of ${Object.keys(PROFILES).join(', ')}`);
  }
  const given: Partial<DatasetOptions> & { profile?: ProfileName } = {};
  if (flags.profile !== undefined) given.profile = flags.profile as ProfileName;
  for (const [flag, key, max] of SIZE_FLAGS) {
    const text = flags[flag];
    if (text === undefined) continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n > max) throw new FlagError(`--${flag} is a whole number from 0 to ${max}`);
    given[key] = n;
  }
  return given;
}

/** The generator's full options for a benchmark run: without a profile, the DESIGN section 6 dataset. */
export function benchDataset(kind: 'postgres' | 'pglite', flags: SizeFlags) {
  const given = givenSizes(flags);
  // Five activity events a candidate unless --events says (issue 21: 1M candidates with 5M events); CVs for
  // 30% of the candidates on PostgreSQL (issue 22: 300,000 at 1M) and 20% on PGlite (20,000 at 100k), unless
  // --cvs or the profile says.
  const withEvents = (o: ReturnType<typeof datasetOptions>) =>
    datasetOptions({
      ...o,
      events: given.events ?? 5 * o.candidates,
      cvs:
        given.cvs ??
        (given.profile === 'peer-150k' ? o.cvs : Math.round((kind === 'pglite' ? 0.2 : 0.3) * o.candidates)),
    });
  if (given.profile !== undefined) return withEvents(datasetOptions(given));
  // Without a profile: 1,000,000 candidates (100,000 on PGlite, issue 15 item 4), 200,000 applications over
  // 2,000 offers and 200 tags shaped as the peer's.
  return withEvents(
    datasetOptions({
      jobOffers: 2_000,
      applications: 200_000,
      tags: 200,
      tagLinks: PROFILES['peer-150k'].tagLinks,
      tagSkew: PROFILES['peer-150k'].tagSkew,
      ...given,
      candidates: given.candidates ?? (kind === 'pglite' ? 100_000 : 1_000_000),
    }),
  );
}
