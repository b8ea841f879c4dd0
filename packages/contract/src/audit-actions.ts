/** The audit log's names without zod (`@vivier/contract/audit-actions`): the web's filters list them. */

/**
 * What the audit log records (issue 24, decision 192), one dotted name per kind of act. An entry names its
 * target by kind and id, never by a candidate's name or contacts: the log outlives an erasure whole.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.password_reset',
  'user.create',
  'user.update',
  'user.delete',
  'setting.update',
  'api_token.create',
  'api_token.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'candidate.view',
  'candidate.export',
  'candidate.erase',
  'candidate_file.download',
  'candidate.import',
  'job_offer.export',
  'retention.run',
  'retention.exclude',
  'privacy_request.create',
  'privacy_request.confirm',
  'privacy_request.close',
  'audit.prune',
] as const;

/** What an entry's target can be, named by kind and id. */
export const AUDIT_TARGET_KINDS = [
  'user',
  'setting',
  'api_token',
  'webhook',
  'candidate',
  'candidate_file',
  'job_offer',
  'privacy_request',
  'licence',
] as const;
