/**
 * Serialises query parameters in bracket form (DESIGN section 5): `ids[]=1&ids[]=2`, `filters[search]=ada`.
 * `undefined` and `null` values are left out. Keys are expected already in wire case.
 */
export function serializeQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item);
    } else if (value instanceof Date) {
      pairs.push(`${encodeKey(key)}=${encodeURIComponent(value.toISOString())}`);
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
    } else {
      pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

// Brackets stay readable; every other reserved character is escaped.
const encodeKey = (key: string): string => encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
