import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { namedStatements, namedStatementsUpTo } from './named-statements.ts';

// Statements named by their shape are built once per database handle and shape; where shapes follow input, at
// most `max` of them (decision 263).
const handle = () => ({}) as Db;

describe('namedStatementsUpTo', () => {
  it('builds a shape once per handle, and no more shapes than its bound', () => {
    const built: string[] = [];
    const statement = namedStatementsUpTo(
      2,
      (shape: string) => `s_${shape}`,
      (_db, shape, name) => {
        built.push(name);
        return { shape };
      },
    );
    const [a, b] = [handle(), handle()];
    const first = statement(a, 'x');
    expect(statement(a, 'x')).toBe(first);
    expect(statement(a, 'y')).toEqual({ shape: 'y' });
    // Past the bound: undefined, and nothing built; the shapes already built are still served.
    expect(statement(a, 'z')).toBeUndefined();
    expect(statement(a, 'x')).toBe(first);
    // Another handle has its own statements and its own bound.
    expect(statement(b, 'z')).toEqual({ shape: 'z' });
    expect(built).toEqual(['s_x', 's_y', 's_z']);
  });

  it('has no bound in namedStatements', () => {
    const statement = namedStatements(
      (shape: number) => `s_${shape}`,
      (_db, shape) => shape,
    );
    const db = handle();
    expect(Array.from({ length: 200 }, (_, i) => statement(db, i))).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
  });
});
