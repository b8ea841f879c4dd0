import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/** DESIGN section 6: the JavaScript a first page loads, gzipped. */
export const INITIAL_JS_BUDGET = 250_000;

/**
 * The pages a visit starts on: the sign-in screen, the job offers index (where `/` leads once signed in), and
 * the candidate database (a deep link). Each loads the entry, its route's chunk and what those import.
 */
const FIRST_PAGES = {
  login: '/src/features/auth/components/login-screen.tsx',
  jobs: '/src/features/job-offers/job-offers-screen.tsx',
  candidates: '/src/features/candidates/candidates-screen.tsx',
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Prints, after each build, the gzipped JavaScript each first page loads: the entry chunk, the route's lazy
 * chunk and every chunk they import statically (what the browser fetches before the screen can render), and
 * warns past the budget. e2e/tests/quality.spec.ts measures the same in a browser and fails past it.
 */
export function initialJsReport(): Plugin {
  return {
    name: 'vivier-initial-js',
    apply: 'build',
    generateBundle(_options, bundle) {
      const cycle = entryCycle(Object.values(bundle));
      if (cycle) this.error(cycle);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const lines = Object.entries(FIRST_PAGES).map(([page, module]) => {
        const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
        const loaded = new Set<string>();
        const visit = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(entry.fileName);
        if (route) visit(route.fileName);
        const bytes = [...loaded].reduce(
          (sum, file) => sum + gzipSync(byFile.get(file)?.code ?? '').length,
          0,
        );
        if (bytes >= INITIAL_JS_BUDGET)
          this.warn(`${page}: ${kB(bytes)} of JavaScript (gzip) is over the ${kB(INITIAL_JS_BUDGET)} budget`);
        return `${page} ${kB(bytes)} (${loaded.size} files)`;
      });
      console.log(`initial JS (gzip, budget ${kB(INITIAL_JS_BUDGET)}): ${lines.join(', ')}`);
    },
  };
}

/**
 * A chunk the entry imports that imports the entry back: whichever runs first reads the other's exports before
 * they exist, and the app shows a blank page (seen when Mantine's inputs landed in the entry while `ui`'s
 * TextInput built on them). Answers the message, or undefined when there is none.
 */
export function entryCycle(
  items: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[],
): string | undefined {
  const chunks = items.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return undefined;
  const back = chunks.filter(
    (chunk) => entry.imports.includes(chunk.fileName) && chunk.imports.includes(entry.fileName),
  );
  if (back.length === 0) return undefined;
  return `${back.map((chunk) => chunk.fileName).join(', ')} and the entry import each other: the page would load blank (see vite.config.ts's chunk groups)`;
}
