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
  return [...text.matchAll(/(?:from|import\(|vi\.mock\()\s*'(\.[^']*)'/g)].map((m) =>
    path.relative(src, path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

const featureOf = (relative: string) => relative.match(/^features\/([^/]+)\//)?.[1];

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
});
