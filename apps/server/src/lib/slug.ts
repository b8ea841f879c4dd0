/**
 * An address part made from a name (issue 23): lower-case ascii letters, digits and hyphens, accents dropped
 * ("Développeuse Back-end (H/F)" is "developpeuse-back-end-h-f"), at most `max` characters, never ending in a
 * hyphen; `fallback` when nothing of the name is left.
 */
export function slugOf(name: string, fallback: string, max = 60): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
