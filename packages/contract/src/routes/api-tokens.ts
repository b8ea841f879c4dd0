import { ApiToken, ApiTokenCreateBody, ApiTokenCreated, ApiTokenList } from '../api-tokens.ts';
import { IdParams } from '../common.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** API tokens (issue 25, decision 198): the licence's admins list, create and revoke them, from a session. */
export const apiTokens = group(at.apiTokens, ['api tokens'], {
  list: {
    responses: { 200: ApiTokenList },
    errors: ['forbidden', 'missing_scope'],
    summary: "The licence's API tokens, revoked ones included, newest first (admins)",
  },
  create: {
    body: ApiTokenCreateBody,
    responses: { 201: ApiTokenCreated },
    errors: ['forbidden', 'missing_scope'],
    summary: 'Create an API token; the answer holds the token, shown this once (admins)',
  },
  revoke: {
    params: IdParams,
    responses: { 200: ApiToken },
    errors: ['forbidden', 'missing_scope', 'not_found'],
    summary: 'Revoke an API token: it is refused from the next call (admins)',
  },
});
