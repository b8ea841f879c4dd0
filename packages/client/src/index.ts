/**
 * `@vivier/client`: a typed client of Vivier's API for Node 18+ and browsers (issue 25, decision 200).
 *
 *   const vivier = createClient({ baseUrl: 'https://vivier.example.com/api', token: process.env.VIVIER_TOKEN });
 *   const { data, totalCount } = await vivier.jobOffers.list({ query: { page: 1, perPage: 20 } });
 */
export {
  type ClientOptions,
  type ClientResponse,
  createClient,
  DEFAULT_TIMEOUT_MS,
  type RouteCall,
  type VivierClient,
} from './client.ts';
export * from './core.ts';
