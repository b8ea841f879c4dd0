import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the docs name must exist (issue 19 item 10): a reader who follows `lib/foo.ts` to a
 * file deleted long ago stops trusting the rest. Checked: README.md and docs/**.md, each `code span` that
 * looks like a path (a known folder first, or a file extension, or a trailing `/`) and each relative link.
 * A span may be written from any folder the docs speak from (`modules/auth/login.ts` for apps/server/src/…):
 * it is found when some file or folder of the repository ends with it. A decision that names what is gone
 * says so in a line starting `Superseded` and keeps its history: the paths that line names are not checked
 * in that document. Not repository paths: one under an environment variable (`VIVIER_DATA_DIR/…`) and build
 * output (`apps/web/dist`).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The repository's files as git knows them (committed or added), and every folder above them. */
function repositoryPaths(): Set<string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  const paths = new Set<string>();
  for (const file of listed) {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i += 1) paths.add(parts.slice(0, i).join('/'));
  }
  return paths;
}

const FOLDERS =
  /^(apps|packages|docs|e2e|bench|scripts|src|modules|lib|http|db|mail|cli|security|features|shared|app|widgets|hooks|resources|api|schema|results|plans|support|tests)\//;
/** Made by a build or a test run, never committed. */
const GENERATED = /^(apps\/web\/dist|test-results|playwright-report)(\/|$)/;
const EXTENSION = /\.(ts|tsx|mjs|js|json|md|sql|css|html|yml|yaml)$/;

/** The path-like code spans and relative links of a markdown text. */
export function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? '');
  const links = [...text.matchAll(/\]\(([^)\s#]+)/g)].map((m) => m[1] ?? '');
  const looksLikePath = (value: string) =>
    /^[\w.@-]+(\/[\w.@-]*)+$/.test(value) &&
    !value.startsWith('@') &&
    !/^[A-Z][A-Z0-9_]*\//.test(value) &&
    !GENERATED.test(value) &&
    (FOLDERS.test(value) || EXTENSION.test(value) || value.endsWith('/'));
  return [
    ...spans.filter(looksLikePath),
    ...links.filter((link) => !/^[a-z]+:/.test(link) && !link.startsWith('/')),
  ];
}

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
  return ['README.md', ...walk('docs')];
}

describe('paths named in the docs', () => {
  const paths = repositoryPaths();
  const exists = (doc: string, named: string) => {
    const clean = named.replace(/\/$/, '').replace(/^\.\//, '');
    const fromDoc = path.relative(ROOT, path.resolve(ROOT, path.dirname(doc), clean));
    if (paths.has(clean) || paths.has(fromDoc)) return true;
    for (const known of paths) if (known.endsWith(`/${clean}`)) return true;
    return false;
  };

  it('finds the paths it checks', () => {
    const named = markdownFiles().flatMap((doc) => namedPaths(readFileSync(path.join(ROOT, doc), 'utf8')));
    expect(named.length).toBeGreaterThan(200);
  });

  it('every repository path named in README.md and docs/ exists (superseded decisions aside)', () => {
    const missing = markdownFiles().flatMap((doc) => {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      const history = new Set(
        text
          .split('\n')
          .filter((line) => /^(> )?(\*\*)?Superseded\b/.test(line))
          .flatMap(namedPaths),
      );
      return namedPaths(text)
        .filter((named) => !history.has(named) && !exists(doc, named))
        .map((named) => `${doc}: ${named}`);
    });
    expect(missing).toEqual([]);
  });
});

describe('namedPaths', () => {
  it('takes path-like code spans and relative links, not URLs, packages or MIME types', () => {
    const text =
      'See `lib/rich-text.ts`, `apps/web/src/shared/`, [deploy](deploy.md), [x](https://a.test/b), `@fastify/static`, `text/csv`, `/api/health`, `users/me`, `VIVIER_DATA_DIR/a.json`, `apps/web/dist`.';
    expect(namedPaths(text)).toEqual(['lib/rich-text.ts', 'apps/web/src/shared/', 'deploy.md']);
  });
});
