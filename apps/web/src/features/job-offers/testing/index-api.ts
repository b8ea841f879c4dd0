import { jsonResponse } from '../../../test/fixtures';
import { fakeApi, listAnswer } from './fake-api';
import { wireJobOffer } from './wire-fixtures';

type WireOffer = ReturnType<typeof wireJobOffer>;

/** The index's calls answered from an in-memory list of offers, filtered like the server does. */
export function indexApi(initial: WireOffer[]) {
  let offers = [...initial];
  const api = fakeApi({
    'GET /api/job_offers': ({ query }) => {
      const search = (query.get('filters[search]') ?? '').toLowerCase();
      const archived = query.get('filters[archived]') === 'true';
      const mine = query.get('filters[owned_by_me]') === 'true';
      const page = Number(query.get('page'));
      const perPage = Number(query.get('per_page'));
      const matching = offers.filter(
        (offer) =>
          offer.archived === archived &&
          (!mine || offer.user_id === 1) &&
          offer.name.toLowerCase().includes(search),
      );
      return listAnswer(matching.slice((page - 1) * perPage, page * perPage), matching.length);
    },
    'PATCH /api/job_offers/:id': ({ path, body }) => {
      const id = Number(path.split('/').pop());
      const patch = (body as { job_offer: Partial<WireOffer> }).job_offer;
      offers = offers.map((offer) => (offer.id === id ? { ...offer, ...patch } : offer));
      return jsonResponse(offers.find((offer) => offer.id === id));
    },
    'DELETE /api/job_offers/:id': ({ path }) => {
      offers = offers.filter((offer) => offer.id !== Number(path.split('/').pop()));
      return new Response(null, { status: 204 });
    },
  });
  return api;
}

/** `count` offers named 'Offer 1'… of which the first `mine` are managed by user 1. */
export const manyOffers = (count: number, mine = count): WireOffer[] =>
  Array.from({ length: count }, (_, index) =>
    wireJobOffer({ id: index + 1, name: `Offer ${index + 1}`, user_id: index < mine ? 1 : 2 }),
  );
