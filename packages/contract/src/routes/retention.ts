import { RetentionDueList, RetentionExclusion, RetentionExclusionBody } from '../retention.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Retention (issue 24, decision 195): the candidates due and their exclusions, admins only. */
export const retention = group(at.retention, ['retention'], {
  due: {
    responses: { 200: RetentionDueList },
    errors: ['forbidden'],
    summary: 'The candidates whose data retention erases within 60 days (admins)',
  },
  exclude: {
    body: RetentionExclusionBody,
    responses: { 201: RetentionExclusion },
    errors: ['forbidden', 'not_found'],
    summary: 'Take a candidate out of retention, with a reason (admins)',
  },
});
