/**
 * The job offer screen's keys (issue 28), in the order the help overlay lists them. `keys` are what the overlay
 * shows; `text` names the line's text under `jobOffer.triage.keys`. The handlers are bound in
 * use-triage-hotkeys.ts with Mantine's `useHotkeys`, which ignores keys typed in a field.
 */
export const TRIAGE_KEYS = [
  { keys: ['J'], text: 'next' },
  { keys: ['K'], text: 'previous' },
  { keys: ['1', '…', '9'], text: 'moveTo' },
  { keys: ['N'], text: 'note' },
  { keys: ['E'], text: 'edit' },
  { keys: ['X'], text: 'select' },
  { keys: ['Shift', 'J'], text: 'extendDown' },
  { keys: ['Shift', 'K'], text: 'extendUp' },
  { keys: ['M'], text: 'moveSelection' },
  { keys: ['U'], text: 'undo' },
  { keys: ['/'], text: 'search' },
  { keys: ['?'], text: 'help' },
  { keys: ['Ctrl', 'K'], text: 'palette' },
] as const;

export type TriageKeyText = (typeof TRIAGE_KEYS)[number]['text'];

/** Where `j` (1) or `k` (-1) leads from the current candidate among the ones shown, in their order. */
export type Step =
  | { kind: 'at'; index: number }
  /** Past the last one shown: the next page's first candidate, if there is a next page. */
  | { kind: 'after' }
  /** Before the first one shown: the previous page's last candidate, if there is one. */
  | { kind: 'before' };

/**
 * The next (or previous) candidate from `current` among `candidateIds`. With nobody current, `j` starts at the
 * first one and `k` at the last one, so the first key press always lands somewhere visible.
 */
export function stepFrom(candidateIds: readonly number[], current: number | undefined, by: 1 | -1): Step {
  if (candidateIds.length === 0) return { kind: by > 0 ? 'after' : 'before' };
  const here = current === undefined ? -1 : candidateIds.indexOf(current);
  if (here === -1) return { kind: 'at', index: by > 0 ? 0 : candidateIds.length - 1 };
  const next = here + by;
  if (next < 0) return { kind: 'before' };
  if (next >= candidateIds.length) return { kind: 'after' };
  return { kind: 'at', index: next };
}

/** A selection with `id` added or taken out (`x`). */
export function toggled<T>(selection: ReadonlyMap<number, T>, id: number, value: T): Map<number, T> {
  const next = new Map(selection);
  if (next.has(id)) next.delete(id);
  else next.set(id, value);
  return next;
}

/** A selection with every one of `entries` in it (`shift+j` / `shift+k` take the current and the next one). */
export function extended<T>(selection: ReadonlyMap<number, T>, entries: [number, T][]): Map<number, T> {
  const next = new Map(selection);
  for (const [id, value] of entries) next.set(id, value);
  return next;
}

/** The status a digit key names: `1` the first of the pipeline, `9` the ninth; none past the pipeline's end. */
export function statusForDigit<S>(statuses: readonly S[], digit: number): S | undefined {
  return Number.isInteger(digit) && digit >= 1 && digit <= 9 ? statuses[digit - 1] : undefined;
}

/**
 * What undoing a move does: the moved applications grouped by the status each had before, so one call per
 * status puts them all back. Applications that had no status cannot be put back to "no status" by a move: they
 * are left out (`withoutStatus` counts them).
 */
export function undoGroups<A extends { id: number; statusId: number | null }>(
  before: readonly A[],
): { groups: Map<number, A[]>; withoutStatus: number } {
  const groups = new Map<number, A[]>();
  let withoutStatus = 0;
  for (const application of before) {
    if (application.statusId === null) {
      withoutStatus += 1;
      continue;
    }
    const group = groups.get(application.statusId) ?? [];
    group.push(application);
    groups.set(application.statusId, group);
  }
  return { groups, withoutStatus };
}
