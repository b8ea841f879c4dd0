import { fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, wireUser } from '../../../test/fixtures';

type WireUser = ReturnType<typeof wireUser>;
type WireClientData = { user_id: number; sf_id: string | null; updated_at: string };

/** `count` users of the licence after Ada (id 1, the admin): 'User 2 Test' <user2@example.com>… */
export const manyUsers = (count: number): WireUser[] => [
  wireUser(),
  ...Array.from({ length: count - 1 }, (_, index) =>
    wireUser({
      id: index + 2,
      first_name: `User ${index + 2}`,
      last_name: 'Test',
      email: `user${index + 2}@example.com`,
      role: 'user',
    }),
  ),
];

/**
 * The users screen's calls answered from memory, searched and paged like the server: `me` is who is looking.
 * A PATCH of the last admin to 'user' answers 409 as the server does.
 */
export function usersApi(initial: WireUser[], me: WireUser = wireUser(), records: WireClientData[] = []) {
  let users = [...initial];
  let clientData = [...records];
  let nextId = 100;
  const idOf = (path: string) => Number(path.split('/').pop());
  const api = fakeApi({
    'GET /api/users/me': () => jsonResponse(users.find((user) => user.id === me.id) ?? me),
    'GET /api/users/': ({ query }) => {
      const search = (query.get('filters[search]') ?? '').toLowerCase();
      const page = Number(query.get('page'));
      const perPage = Number(query.get('per_page'));
      const matching = users.filter(
        (user) =>
          user.email.toLowerCase().includes(search) ||
          `${user.first_name} ${user.last_name}`.toLowerCase().includes(search),
      );
      return listAnswer(matching.slice((page - 1) * perPage, page * perPage), matching.length);
    },
    'GET /api/client_data': () => listAnswer(clientData),
    'POST /api/users': ({ body }) => {
      const user = wireUser({ ...(body as object), id: nextId++ });
      users = [...users, user];
      return jsonResponse(user, 201);
    },
    'PATCH /api/users/:id': ({ path, body }) => {
      const id = idOf(path);
      const patch = body as Partial<WireUser>;
      const admins = users.filter((user) => user.role === 'admin');
      if (patch.role === 'user' && admins.length === 1 && admins[0]?.id === id) {
        return jsonResponse(
          { error: 'last_admin', message: 'The last admin of a licence cannot become a user' },
          409,
        );
      }
      users = users.map((user) => (user.id === id ? { ...user, ...patch } : user));
      return jsonResponse(users.find((user) => user.id === id));
    },
    'DELETE /api/users/:id': ({ path }) => {
      users = users.filter((user) => user.id !== idOf(path));
      return new Response(null, { status: 204 });
    },
    'PUT /api/client_data/:id': ({ path, body }) => {
      const record = {
        user_id: idOf(path),
        sf_id: (body as { sf_id: string | null }).sf_id,
        updated_at: '2026-01-02T00:00:00Z',
      };
      clientData = [...clientData.filter((r) => r.user_id !== record.user_id), record];
      return jsonResponse(record);
    },
  });
  return { ...api, users: () => users };
}
