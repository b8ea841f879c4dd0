import { wireSettings } from '../../../shared/resources/settings/testing/wire-settings';
import { fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, wireUser } from '../../../test/fixtures';

type WireStatus = { id: number; name: string; index: number; color: string };

/** The default pipeline of a new licence, as GET /statuses answers it. */
export const defaultPipeline = (): WireStatus[] =>
  ['To contact', 'Contacted', 'Interview', 'Offer', 'Hired', 'Rejected'].map((name, index) => ({
    id: index + 1,
    name,
    index,
    color: ['228be6', '7950f2', 'fab005', 'fd7e14', '40c057', 'fa5252'][index] ?? '228be6',
  }));

/**
 * The settings screen's calls answered from memory like the server: settings, the pipeline (at most 10; a
 * status listed in `held` holds applications, so deleting it needs `move_to`), tags, and the user's own record.
 */
export function settingsApi({
  me = wireUser(),
  statuses = defaultPipeline(),
  tags = [] as { id: number; name: string }[],
  held = [] as number[],
} = {}) {
  let settings = wireSettings();
  let pipeline = [...statuses];
  let tagList = [...tags];
  let user = me;
  let signature = '';
  let nextId = 100;
  let careers = {
    saved: false,
    slug: 'acme',
    intro: '',
    colour: '#364fc7',
    privacy_notice_url: null as string | null,
    has_logo: false,
    public_path: '/careers/acme',
    confirmation: { en: { subject: '', body: '' }, fr: { subject: '', body: '' } },
  };
  const idOf = (path: string) => Number(path.split('/').pop());
  const renumber = () => {
    pipeline = pipeline.map((status, index) => ({ ...status, index }));
  };
  const api = fakeApi({
    'GET /api/users/me': () => jsonResponse(user),
    'PATCH /api/users/:id': ({ body }) => {
      const patch = (body as { settings: Record<string, unknown> }).settings;
      user = { ...user, settings: { ...user.settings, ...patch } as typeof user.settings };
      return jsonResponse(user);
    },
    // A password session has no provider token: the stored signature is edited (shared/widgets/signature-editor).
    'GET /api/oauth/token': () => jsonResponse({ error: 'not_found', message: 'No provider token' }, 404),
    'GET /api/users/me/signature': () => jsonResponse({ value: signature, source: 'stored' }),
    'PUT /api/users/me/signature': ({ body }) => {
      signature = (body as { value: string }).value;
      return jsonResponse({ value: signature, source: 'stored' });
    },
    'GET /api/settings': () => jsonResponse(settings),
    'PATCH /api/settings/:id': ({ path, body }) => {
      const id = idOf(path);
      const value = (body as { value: { type: string | number | null } }).value.type;
      settings = {
        ...settings,
        data: settings.data.map((s) =>
          s.id === id ? { ...s, value: value === null ? null : String(value) } : s,
        ),
      };
      return jsonResponse(settings.data.find((s) => s.id === id));
    },
    'GET /api/statuses': () => jsonResponse({ data: pipeline }),
    'POST /api/statuses': ({ body }) => {
      if (pipeline.length >= 10) {
        return jsonResponse(
          { error: 'too_many_statuses', message: 'A pipeline holds at most 10 statuses' },
          409,
        );
      }
      const status = {
        id: nextId++,
        name: (body as { name: string }).name,
        index: pipeline.length,
        color: '15aabf',
      };
      pipeline = [...pipeline, status];
      return jsonResponse(status, 201);
    },
    'PATCH /api/statuses/:id': ({ path, body }) => {
      const id = idOf(path);
      const { index, ...fields } = body as Partial<WireStatus>;
      pipeline = pipeline.map((status) => (status.id === id ? { ...status, ...fields } : status));
      if (index !== undefined) {
        const moved = pipeline.find((status) => status.id === id);
        const others = pipeline.filter((status) => status.id !== id);
        if (moved) others.splice(Math.min(index, others.length), 0, moved);
        pipeline = others;
        renumber();
      }
      return jsonResponse(pipeline.find((status) => status.id === id));
    },
    'DELETE /api/statuses/:id': ({ path, query }) => {
      const id = idOf(path);
      if (held.includes(id) && !query.get('move_to')) {
        return jsonResponse(
          {
            error: 'status_in_use',
            message: 'This status holds job applications: choose a status to move them to',
          },
          409,
        );
      }
      pipeline = pipeline.filter((status) => status.id !== id);
      renumber();
      return new Response(null, { status: 204 });
    },
    'GET /api/careers_site': () => jsonResponse(careers),
    'PUT /api/careers_site': ({ body }) => {
      const fields = body as {
        slug: string;
        intro: string;
        colour: string;
        privacy_notice_url: string | null;
        confirmation?: typeof careers.confirmation;
      };
      if (fields.slug === 'taken') {
        return jsonResponse({ error: 'conflict', message: 'This careers site address is taken' }, 409);
      }
      careers = { ...careers, ...fields, saved: true, public_path: `/careers/${fields.slug}` };
      return jsonResponse(careers);
    },
    'GET /api/tags': () => listAnswer(tagList),
    'POST /api/tags': ({ body }) => {
      const tag = { id: nextId++, name: (body as { name: string }).name };
      tagList = [...tagList, tag];
      return jsonResponse(tag, 201);
    },
    'PATCH /api/tags/:id': ({ path, body }) => {
      const id = idOf(path);
      const name = (body as { name: string }).name;
      if (tagList.some((tag) => tag.id !== id && tag.name.toLowerCase() === name.toLowerCase())) {
        return jsonResponse({ error: 'conflict', message: 'A tag with this name already exists' }, 409);
      }
      tagList = tagList.map((tag) => (tag.id === id ? { ...tag, name } : tag));
      return jsonResponse(tagList.find((tag) => tag.id === id));
    },
    'DELETE /api/tags/:id': ({ path }) => {
      tagList = tagList.filter((tag) => tag.id !== idOf(path));
      return new Response(null, { status: 204 });
    },
  });
  return {
    ...api,
    pipeline: () => pipeline,
    tags: () => tagList,
    settings: () => settings,
    careers: () => careers,
  };
}
