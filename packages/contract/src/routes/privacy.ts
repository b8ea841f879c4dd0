import { IdParams } from '../common.ts';
import { PrivacyRequest, PrivacyRequestList, PrivacyRequestListQuery } from '../privacy-requests.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/**
 * Access and portability, and requests from the person (issue 24, decision 194): admins only, at a level that
 * may write.
 */
export const privacy = group(at.privacy, ['privacy'], {
  dataExport: {
    params: IdParams,
    // A ZIP, streamed: candidate.json (docs/privacy-export-format.md) and the candidate's files.
    responses: {},
    errors: ['not_found', 'forbidden'],
    summary: "Export a candidate's data: a ZIP of candidate.json and their files",
    produces: ['application/zip'],
  },
  listRequests: {
    query: PrivacyRequestListQuery,
    responses: { 200: PrivacyRequestList },
    errors: ['forbidden'],
    summary: 'The confirmed privacy requests (open ones by deadline, or the done ones)',
  },
  closeRequest: {
    params: IdParams,
    responses: { 200: PrivacyRequest },
    errors: ['not_found', 'forbidden', 'conflict'],
    summary: 'Mark an open privacy request as done',
  },
});
