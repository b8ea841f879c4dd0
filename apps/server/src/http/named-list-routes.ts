import type { RouteEntry, routes } from '@vivier/contract';
import type { Db } from '../db/database.ts';
import { type Caller, callerOf } from './caller.ts';
import { searchWindow, sendPage } from './pagination.ts';
import { register, type ZodApp } from './route.ts';

/** An entry of a named list's group with its address left open: companies' and tags' are alike but for it. */
type AnyAddress<R> = Omit<R, 'path' | 'scope'> & Pick<RouteEntry, 'path' | 'scope'>;
type Group = (typeof routes)['companies'];
type Named = { id: number; name: string };

/** What a named list's module gives its routes: the queries, and the writes behind its own policy. */
export interface NamedListService {
  list(
    db: Db,
    caller: Caller,
    page: ReturnType<typeof searchWindow>,
  ): Promise<{ rows: Named[]; total: number }>;
  create(db: Db, caller: Caller, name: string): Promise<{ row: Named; created: boolean }>;
  rename(db: Db, caller: Caller, id: number, name: string): Promise<Named>;
}

/**
 * The routes companies and tags share (SPEC section 7: GET and POST /<list>, PATCH /<list>/{id}): the page,
 * create-or-find (201 when created, 200 with the existing row of that name), rename.
 */
export function registerNamedList(
  app: ZodApp,
  db: Db,
  group: { [N in keyof Group]: AnyAddress<Group[N]> },
  service: NamedListService,
) {
  register(app, group.list, async (request, reply) => {
    const { rows, total } = await service.list(db, callerOf(request), searchWindow(request.query));
    return sendPage(request, reply, request.query, rows, total);
  });
  register(app, group.create, async (request, reply) => {
    const { row, created } = await service.create(db, callerOf(request), request.body.name);
    return reply.code(created ? 201 : 200).send(row);
  });
  register(app, group.rename, async (request) =>
    service.rename(db, callerOf(request), request.params.id, request.body.name),
  );
}
