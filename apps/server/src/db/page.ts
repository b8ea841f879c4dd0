/**
 * A page of rows and how many match in all, read side by side (the count with Drizzle's `db.$count(table,
 * where)`). What every paginated list of the API answers (http/pagination.ts `sendPage`).
 */
export async function withTotal<R>(rows: PromiseLike<R[]>, total: PromiseLike<number>) {
  const [page, count] = await Promise.all([rows, total]);
  return { rows: page, total: count };
}
