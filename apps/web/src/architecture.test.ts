import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import rules (STYLE practices 1 and 7, bulletproof-react's): a feature imports only itself and
 * `shared/`; `shared/` imports no feature (but the i18n registries, which gather each feature's texts); only
 * `app/` composes features. Biome's import rules match specifiers, not resolved paths, so this test resolves
 * every relative import and checks where it lands.
 */
const src = path.dirname(new URL(import.meta.url).pathname);
const I18N_REGISTRIES = new Set(['shared/i18n/en.ts', 'shared/i18n/fr.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function relativeImports(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  // `from '…'` (imports and re-exports), `import('…')`, a bare `import '…'` (side effects), `vi.mock('…')`.
  return [...text.matchAll(/(?:from|import\(|import|vi\.mock\()\s*'(\.[^']*)'/g)].map((m) =>
    path.relative(src, path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

const featureOf = (relative: string) => relative.match(/^features\/([^/]+)\//)?.[1];

/**
 * One owner per resource (issue 20 item 2, decision 161): a resource's cache keys and its camelCase types are
 * written in `shared/resources/<resource>/` only. `Camelize<>` is defined in `shared/api/` (which types
 * `call` with it) and the session owns the sign-in answer's types; every other file takes its types from the
 * owner, by name.
 */
const OWNERS = 'shared/resources/';
const CAMELIZE_ALSO_IN = ['shared/api/', 'shared/session/'];

/** The names a file imports from the contract (`JobOffer as WireJobOffer` counts as `WireJobOffer`). */
function contractTypes(text: string): string[] {
  return [...text.matchAll(/import type \{([^}]*)\} from '@vivier\/contract'/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter(Boolean),
  );
}

/** The first word of every key the owners write (`all: ['job-offers'] as const`): 'job-offers', 'licence', ... */
function keyRoots(files: { file: string; relative: string }[]): Set<string> {
  const owned = files.filter(({ relative }) => relative.startsWith(OWNERS));
  return new Set(
    owned.flatMap(({ file }) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\[\s*'([a-z-]+)'\s*\]\s*as const/g)].map((m) => m[1] ?? ''),
    ),
  );
}

describe('web import rules', () => {
  const files = sourceFiles(src).map((file) => ({ file, relative: path.relative(src, file) }));

  it('finds the features it checks', () => {
    expect(files.filter((f) => featureOf(f.relative)).length).toBeGreaterThan(20);
  });

  it('a feature imports only itself and shared/, never another feature', () => {
    const crossings = files.flatMap(({ file, relative }) => {
      const own = featureOf(relative);
      if (!own) return [];
      return relativeImports(file)
        .filter((target) => featureOf(`${target}/`) && featureOf(`${target}/`) !== own)
        .map((target) => `${relative} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('shared/ imports no feature (the i18n registries gather feature texts and are the exception)', () => {
    const crossings = files.flatMap(({ file, relative }) => {
      if (!relative.startsWith('shared/') || I18N_REGISTRIES.has(relative)) return [];
      return relativeImports(file)
        .filter((target) => target.startsWith('features/') || target.startsWith('app/'))
        .map((target) => `${relative} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('finds the cache keys the owners write', () => {
    expect([...keyRoots(files)]).toEqual(
      expect.arrayContaining(['job-offers', 'candidates', 'licence', 'users']),
    );
  });

  it('a cache key is written only in shared/resources/ (features use its key factory)', () => {
    const roots = keyRoots(files);
    const literals = files.flatMap(({ file, relative }) => {
      if (relative.startsWith(OWNERS) || relative === 'architecture.test.ts') return [];
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          const keyed = /queryKey:\s*\[/.test(line);
          const rooted = [...line.matchAll(/\[\s*'([a-z-]+)'/g)].some((m) => roots.has(m[1] ?? ''));
          return keyed || rooted ? [`${relative}:${index + 1}: ${line.trim()}`] : [];
        });
    });
    expect(literals).toEqual([]);
  });

  it('queries are invalidated through refetchAfterWrite only (decision 236)', () => {
    const bare = files.flatMap(({ file, relative }) => {
      if (relative === 'shared/api/query-client.ts' || /\.test\.tsx?$/.test(relative)) return [];
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          line.includes('.invalidateQueries(') ? [`${relative}:${index + 1}: ${line.trim()}`] : [],
        );
    });
    expect(bare).toEqual([]);
  });

  it('a contract type is camelised only in shared/resources/ (features import it by name)', () => {
    const camelised = files.flatMap(({ file, relative }) => {
      if ([OWNERS, ...CAMELIZE_ALSO_IN].some((owner) => relative.startsWith(owner))) return [];
      const text = fs.readFileSync(file, 'utf8');
      const wire = new Set(contractTypes(text));
      return [...text.matchAll(/Camelize<\s*([A-Za-z]+)/g)]
        .filter((m) => wire.has(m[1] ?? ''))
        .map((m) => `${relative}: Camelize<${m[1]}>`);
    });
    expect(camelised).toEqual([]);
  });

  it('a contract type has one camelCase name (one Camelize<> of it in the whole app)', () => {
    const owners = new Map<string, string[]>();
    for (const { file, relative } of files) {
      const text = fs.readFileSync(file, 'utf8');
      const aliases = new Map(
        [...text.matchAll(/import type \{([^}]*)\} from '@vivier\/contract'/g)].flatMap((m) =>
          (m[1] ?? '').split(',').map((name) => {
            const [wire = '', local = wire] = name.trim().split(/\s+as\s+/);
            return [local, wire] as const;
          }),
        ),
      );
      for (const m of text.matchAll(/Camelize<\s*([A-Za-z]+)>/g)) {
        const wire = aliases.get(m[1] ?? '');
        if (wire) owners.set(wire, [...(owners.get(wire) ?? []), relative]);
      }
    }
    const twice = [...owners]
      .filter(([, where]) => where.length > 1)
      .map(([wire, where]) => `${wire}: ${where}`);
    expect(twice).toEqual([]);
  });
});
