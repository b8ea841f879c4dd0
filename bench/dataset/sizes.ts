/**
 * The size and shape of the benchmark's dataset from the command line: a named profile of the generator
 * (`--profile peer-150k`), else the DESIGN section 6 dataset, each count overridable by its flag.
 */
import { datasetOptions, PROFILES, type ProfileName } from '../../apps/server/src/bench-entry.ts';

type SizeFlags = {
  profile?: string;
  candidates?: string;
  'job-offers'?: string;
  applications?: string;
  tags?: string;
};

const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** The generator's full options for this run. */
export function benchDataset(kind: 'postgres' | 'pglite', flags: SizeFlags) {
  if (flags.profile !== undefined && !(flags.profile in PROFILES)) {
    throw new Error(`--profile is one of ${Object.keys(PROFILES).join(', ')}`);
  }
  const sizes = {
    profile: (flags.profile ?? 'demo') as ProfileName,
    ...(flags.profile === undefined
      ? {
          // Without a profile: the DESIGN section 6 dataset, 1,000,000 candidates (100,000 on PGlite, issue 15
          // item 4), 200,000 applications over 2,000 offers and 200 tags shaped as the peer's.
          candidates: number(flags.candidates) ?? (kind === 'pglite' ? 100_000 : 1_000_000),
          jobOffers: 2_000,
          applications: 200_000,
          tags: 200,
          tagLinks: PROFILES['peer-150k'].tagLinks,
          tagSkew: PROFILES['peer-150k'].tagSkew,
        }
      : {}),
  };
  for (const [flag, key] of [
    ['candidates', 'candidates'],
    ['job-offers', 'jobOffers'],
    ['applications', 'applications'],
    ['tags', 'tags'],
  ] as const) {
    const n = number(flags[flag]);
    if (n !== undefined) Object.assign(sizes, { [key]: n });
  }
  return datasetOptions(sizes);
}
