import { settingsRoute } from '../../../shared/resources/settings/testing/wire-settings';
import { jsonResponse } from '../../../test/fixtures';
import { fakeApi, listAnswer } from './fake-api';
import { wireJobOffer, wireTags, wireUsers } from './wire-fixtures';

/** The calls the job offer form makes, answered like the server would for offer 1 and the created offer 7. */
export function formApi() {
  let tags = [...wireTags];
  let offerTags: { id: number; name: string }[] = [];
  return fakeApi({
    ...settingsRoute(),
    'GET /api/users/': () => listAnswer(wireUsers),
    'GET /api/companies': () => listAnswer([{ id: 5, name: 'Acme' }]),
    'GET /api/tags': () => listAnswer(tags),
    'POST /api/tags': ({ body }) => {
      const tag = { id: 30 + tags.length, name: (body as { name: string }).name };
      tags = [...tags, tag];
      return jsonResponse(tag, 201);
    },
    'POST /api/job_offers': ({ body }) => {
      const fields = (body as { job_offer: { name: string; assigned_users: number[] } }).job_offer;
      return jsonResponse(
        wireJobOffer({ id: 7, name: fields.name, assigned_users: fields.assigned_users, tags: [] }),
        201,
      );
    },
    'PATCH /api/job_offers/:id': ({ body, path }) =>
      jsonResponse(
        wireJobOffer({ id: Number(path.split('/')[3]), ...(body as { job_offer: object }).job_offer }),
      ),
    'POST /api/job_offers/:id/tags/:tagId': ({ path }) => {
      const tag = tags.find((item) => item.id === Number(path.split('/').pop()));
      if (tag) offerTags = [...offerTags, tag];
      return jsonResponse(wireJobOffer({ id: Number(path.split('/')[3]), tags: offerTags }));
    },
    'DELETE /api/job_offers/:id/tags/:tagId': ({ path }) => {
      offerTags = offerTags.filter((item) => item.id !== Number(path.split('/').pop()));
      return jsonResponse(wireJobOffer({ id: Number(path.split('/')[3]), tags: offerTags }));
    },
  });
}
