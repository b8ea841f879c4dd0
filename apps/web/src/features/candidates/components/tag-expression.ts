/**
 * The tag search box's expression (SPEC section 4, "Tag search"): it alternates between a tag and an operator.
 * AND and OR join tags; NOT goes before a tag (after AND, OR, or first), or stands for AND NOT after a tag.
 * The server reads the same elements (`filters[tags][]`): AND binds tighter than OR.
 */
export type TagOperator = 'and' | 'or' | 'not';
export type TagElement =
  | { kind: 'tag'; id: number; name: string }
  | { kind: 'operator'; operator: TagOperator };

/** What the box asks for next. */
export function nextStep(elements: TagElement[]): 'tag' | 'operator' {
  const last = elements.at(-1);
  return !last || last.kind === 'operator' ? 'tag' : 'operator';
}

/** NOT may come where a tag is expected, unless a NOT is already waiting for its tag. */
export function canNegate(elements: TagElement[]): boolean {
  const last = elements.at(-1);
  return nextStep(elements) === 'tag' && !(last?.kind === 'operator' && last.operator === 'not');
}

/** The search fires only when a tag is the last element (or the box is empty). */
export const isComplete = (elements: TagElement[]) =>
  nextStep(elements) === 'operator' || elements.length === 0;

/** The elements as the API takes them: `['3', 'and', 'not', '7']`. */
export const toWire = (elements: TagElement[]): string[] =>
  elements.map((element) => (element.kind === 'tag' ? String(element.id) : element.operator));

const OPERATORS: readonly string[] = ['and', 'or', 'not'];

/**
 * The elements of an address's `filters[tags][]` (a saved search's, decision 209), each tag named from the
 * licence's tags (`#id` until they are loaded, or for a tag deleted since). Anything that is neither a tag id
 * nor an operator is left out; the server reads what remains as the search does.
 */
export function fromWire(wire: string[], names: ReadonlyMap<number, string>): TagElement[] {
  return wire.flatMap((raw): TagElement[] => {
    const value = raw.trim().toLowerCase();
    if (OPERATORS.includes(value)) return [{ kind: 'operator', operator: value as TagOperator }];
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0) return [];
    return [{ kind: 'tag', id, name: names.get(id) ?? `#${id}` }];
  });
}
