import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's import rules (decision 155). Each folder of `modules/` is a resource; `commands/` holds the writes
 * that span resources. Between them:
 *
 * 1. no cycle: if A imports B, nothing B imports leads back to A;
 * 2. a module imports another only through its public surface: the files named by their role
 *    (`*.service.ts`, `*.queries.ts`, `*.policy.ts`, `*.presenter.ts`, `*.job.ts`, `index.ts`) and the few
 *    shared building blocks listed in SHARED below, each with its reason. Anything else is the module's own.
 *
 * Tests (`*.test.ts`, a module's own `*.fixtures.ts`) and `src/test/` may reach anything; code that runs in
 * production never imports `src/test/`, and `bench/` reaches the server only through `bench-entry.ts`. Biome's
 * import rules match specifiers, not where they land, so this test resolves every relative import. It also holds
 * the tenant scope rule (decision 157), a scan of the same files.
 */
const src = path.dirname(new URL(import.meta.url).pathname);
const bench = path.resolve(src, '../../../bench');

const PUBLIC_ROLE = /(\.service|\.queries|\.policy|\.presenter|\.job)\.ts$|(^|\/)index\.ts$/;

/** Files other modules may import although their name gives no role, and why. */
const SHARED: Record<string, string> = {
  'modules/activity/activity-user.ts':
    "a user's name as activity shows it: interviews name their people alike",
  'modules/auth/session.ts': 'every sign-in (password, Google, Microsoft) ends by opening a session',
  'modules/auth/organisation-choice.ts': 'an address in several organisations: every sign-in asks which',
  'modules/candidate-files/file-store.ts':
    "where files' bytes are: a candidate's, and a CV waiting as a draft",
  'modules/candidate-files/upload-multipart.ts':
    'a CV made a draft is uploaded as a file is (one part, one limit)',
  'modules/candidate-files/reading/read-file-text.ts':
    "a file's text, read on the reading threads (decision 186): the drafts from CVs read theirs",
  'modules/candidates/candidate-emails.ts':
    "a new candidate's emails are checked against the licence's (create, import, CVs)",
  'modules/candidates/candidate-creation-lock.ts':
    "the licence's creations take turns, so a duplicate check holds",
  'modules/candidates/candidate-insert.ts':
    'every way in inserts candidates with their contacts alike (form, import, CVs)',
  'modules/candidates/candidate-lock.ts':
    'writes lock a candidate before its rows (write order, decision 141)',
  'modules/candidates/candidate-search.conditions.ts':
    "the search's conditions: bulk erasure and saved searches' alerts select candidates as the search does",
  'modules/candidates/candidate-text-match.ts':
    "the candidate search's text condition, reused by offer lists",
  'modules/email-templates/template-variables.ts': 'the variables a template may hold, filled when sending',
  'modules/licence/credits.ts': 'creating candidates spends the licence credits in the same transaction',
  'modules/licence/provision.ts': 'the settings a licence starts with',
  'modules/settings/global-settings.ts': 'policies of several resources read the licence settings',
  'modules/signature/provider-token.ts': "the caller's Google token, which sending mail through Gmail needs",
  'modules/statuses/pipeline-lock.ts': 'pipeline writes lock the licence row first',
  'modules/statuses/status-references.ts': 'checks that status ids belong to the licence (422)',
  'modules/users/account-mail.ts': 'the confirmation mail a sign-in may send',
};

/** The unit a file belongs to: `modules/<name>`, `commands`, or undefined (http/, db/, lib/, test/ …). */
const unitOf = (relative: string) =>
  relative.match(/^modules\/([^/]+)\//)?.[0].slice(0, -1) ??
  (relative.startsWith('commands/') ? 'commands' : undefined);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where each relative import of a file lands (import, export … from, import()), as absolute paths. */
function importsOf(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\(|import)\s*'(\.[^']*)'/g)].map((m) =>
    path.resolve(path.dirname(file), m[1] ?? ''),
  );
}

const isTest = (relative: string) =>
  relative.endsWith('.test.ts') || relative.endsWith('.fixtures.ts') || relative.startsWith('test/');

type Edge = { from: string; to: string; file: string; target: string };

/** Imports from one unit into another, by production code. */
function crossings(): Edge[] {
  return sourceFiles(src).flatMap((file) => {
    const relative = path.relative(src, file);
    const from = unitOf(relative);
    if (!from || isTest(relative)) return [];
    return importsOf(file).flatMap((resolved) => {
      const target = path.relative(src, resolved);
      const to = unitOf(target);
      return to && to !== from ? [{ from, to, file: relative, target }] : [];
    });
  });
}

/** Every elementary cycle's first appearance, as `a -> b -> a`, found by depth-first search. */
function cycles(edges: Edge[]) {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const found = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    for (const to of next.get(node) ?? []) {
      const at = trail.indexOf(to);
      if (at !== -1) {
        const loop = trail.slice(at);
        // One spelling per cycle: start it at its smallest name.
        const start = loop.indexOf([...loop].sort()[0] as string);
        const canonical = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...canonical, canonical[0]].join(' -> '));
      } else walk(to, [...trail, to]);
    }
  };
  for (const node of next.keys()) walk(node, [node]);
  return [...found].sort();
}

/**
 * Files that may write the licence condition by hand (decision 157). The dataset generator, which builds its
 * bulk-load SQL as text, now lives in bench/dataset/ (decision 168), outside this scan.
 */
const RAW_LICENCE_TEXT = new Set(['db/tenant-scope.ts']);
const HAND_WRITTEN_SCOPE = [/\beq\(\s*[\w.]+\.licenceId\s*,/g, /\blicence_id\s*=\s*\$\{/g];

describe('tenant scope (decision 157)', () => {
  it('the licence condition is written only by db/tenant-scope.ts: scoped(table, caller), scopedSql(alias, caller)', () => {
    const handWritten = sourceFiles(src).flatMap((file) => {
      const relative = path.relative(src, file);
      if (isTest(relative) || RAW_LICENCE_TEXT.has(relative)) return [];
      const text = fs.readFileSync(file, 'utf8');
      return HAND_WRITTEN_SCOPE.flatMap((pattern) =>
        [...text.matchAll(pattern)].map(
          (m) => `${relative}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`,
        ),
      );
    });
    expect(handWritten).toEqual([]);
  });
});

describe('server import rules', () => {
  const edges = crossings();

  it('finds the modules it checks', () => {
    expect(new Set(edges.map((e) => e.from)).size).toBeGreaterThan(15);
  });

  it('no cycle between modules (and commands/)', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('a module imports another only through its public surface (role-named files and SHARED)', () => {
    const internal = edges
      .filter((e) => e.to !== 'commands')
      .filter((e) => !PUBLIC_ROLE.test(e.target) && !(e.target in SHARED))
      .map((e) => `${e.file} -> ${e.target}`);
    expect(internal).toEqual([]);
  });

  it('every SHARED file exists and is imported across modules (the list stays short and true)', () => {
    const used = new Set(edges.map((e) => e.target));
    expect(
      Object.keys(SHARED).filter((file) => !fs.existsSync(path.join(src, file)) || !used.has(file)),
    ).toEqual([]);
  });

  it('code that runs in production never imports src/test/ (bench-entry.ts is the bench’s door)', () => {
    const leaks = sourceFiles(src).flatMap((file) => {
      const relative = path.relative(src, file);
      if (isTest(relative) || relative === 'bench-entry.ts') return [];
      return importsOf(file)
        .map((resolved) => path.relative(src, resolved))
        .filter((target) => target.startsWith('test/'))
        .map((target) => `${relative} -> ${target}`);
    });
    expect(leaks).toEqual([]);
  });

  it('bench/ reaches the server only through bench-entry.ts', () => {
    const entry = path.join(src, 'bench-entry.ts');
    const reached = sourceFiles(bench).flatMap((file) =>
      importsOf(file)
        .filter((resolved) => resolved.startsWith(`${path.dirname(src)}/`) && resolved !== entry)
        .map((resolved) => `${path.relative(bench, file)} -> ${path.relative(src, resolved)}`),
    );
    expect(reached).toEqual([]);
  });
});
