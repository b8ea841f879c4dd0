import { REQUESTED_IDS_MAX, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentCandidate } from './candidate.presenter.ts';
import { candidateSources, searchCandidates } from './candidate-search.queries.ts';
import { findCandidates } from './candidates.queries.ts';
import { parseTagExpression } from './tag-expression.ts';

const MAX_ID = 2_147_483_647;

/** `X-Requested-Ids: 1, 2,3` as ids, repeated ones once; anything else is a 400. */
function requestedIds(header: string | undefined): number[] {
  const invalid = badRequest(
    `The X-Requested-Ids header must list at most ${REQUESTED_IDS_MAX} candidate ids separated by commas`,
  );
  if (header === undefined || header.trim() === '') throw invalid;
  const parts = header.split(',').map((part) => part.trim());
  if (parts.length > REQUESTED_IDS_MAX) throw invalid;
  const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : 0));
  if (ids.some((id) => id < 1 || id > MAX_ID)) throw invalid;
  return [...new Set(ids)];
}

/** The candidate database: search (SPEC sections 2 and 7), its sources filter's list and candidates by ids. */
export const candidateSearchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.search, async (request, reply) => {
      const { query } = request;
      const caller = callerOf(request);
      const tagElements = query.filters?.tags;
      const filters = {
        search: query.filters?.search || undefined,
        inCvs: query.filters?.in_cvs === true,
        source: query.filters?.source || undefined,
        legalBasis: query.filters?.legal_basis || undefined,
        tags: parseTagExpression(
          tagElements === undefined ? [] : Array.isArray(tagElements) ? tagElements : [tagElements],
        ),
      };
      const { rows, total, capped, excerpts, plan, countedByName, countedByTags } = await searchCandidates(
        deps.db,
        caller.licenceId,
        filters,
        pageWindow(query),
      );
      // Which plan served a text search (decision 207), and whether the names (decision 242) or the tags'
      // holders (decision 245) proved its count past the cap, for the bench and an operator's browser tools.
      if (plan) {
        reply.header('server-timing', `search;desc="${plan}"${countedByName ? ', count;desc="names"' : ''}`);
      } else if (countedByTags) reply.header('server-timing', 'count;desc="tags"');
      const cards = rows.map((row) => {
        const excerpt = excerpts?.get(row.id);
        return excerpt ? { ...presentCandidate(row), cv_excerpt: excerpt } : presentCandidate(row);
      });
      const page = sendPage(request, reply, query, cards, total);
      return { ...page, total_count_capped: capped };
    });

    register(app, routes.candidates.sources, async (request) => ({
      data: await candidateSources(deps.db, callerOf(request).licenceId),
    }));

    register(app, routes.candidates.byIds, async (request) => {
      const ids = requestedIds(request.headers['x-requested-ids']);
      const rows = await findCandidates(deps.db, callerOf(request).licenceId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const data = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentCandidate(row)] : [];
      });
      return { data, total_count: data.length };
    });
  };
