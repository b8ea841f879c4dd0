import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { activityRoutes } from '../modules/activity/activity.routes.ts';
import { apiTokensRoutes } from '../modules/api-tokens/api-tokens.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { candidateDraftsRoutes } from '../modules/candidate-drafts/candidate-drafts.routes.ts';
import { candidateFilesRoutes } from '../modules/candidate-files/candidate-files.routes.ts';
import { candidateContactsRoutes } from '../modules/candidates/candidate-contacts.routes.ts';
import { candidateCreateRoutes } from '../modules/candidates/candidate-create.routes.ts';
import { candidateImportRoutes } from '../modules/candidates/candidate-import.routes.ts';
import { candidateSearchRoutes } from '../modules/candidates/candidate-search.routes.ts';
import { candidateTagsRoutes } from '../modules/candidates/candidate-tags.routes.ts';
import { candidatesRoutes } from '../modules/candidates/candidates.routes.ts';
import { careersSiteRoutes } from '../modules/careers-site/careers-site.routes.ts';
import { clientDataRoutes } from '../modules/client-data/client-data.routes.ts';
import { companiesRoutes } from '../modules/companies/companies.routes.ts';
import type { EmailSendJob } from '../modules/email-sending/email-send.job.ts';
import { emailSendingRoutes } from '../modules/email-sending/email-sending.routes.ts';
import { emailTemplatesRoutes } from '../modules/email-templates/email-templates.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { calendarFeedRoutes } from '../modules/interviews/calendar-feed.routes.ts';
import { interviewsRoutes } from '../modules/interviews/interviews.routes.ts';
import type { InterviewJobs } from '../modules/interviews/interviews.service.ts';
import { bulkCreateRoutes } from '../modules/job-applications/bulk-create.routes.ts';
import { candidateApplicationsRoutes } from '../modules/job-applications/candidate-applications.routes.ts';
import { jobApplicationsRoutes } from '../modules/job-applications/job-applications.routes.ts';
import { jobOfferCopyRoutes } from '../modules/job-offer-copy/job-offer-copy.routes.ts';
import { jobOfferExportRoutes } from '../modules/job-offer-export/job-offer-export.routes.ts';
import { jobOfferQuestionsRoutes } from '../modules/job-offer-questions/job-offer-questions.routes.ts';
import { jobOffersRoutes } from '../modules/job-offers/job-offers.routes.ts';
import { licenceRoutes } from '../modules/licence/licence.routes.ts';
import { registerMaintenanceGate } from '../modules/maintenance/maintenance.hook.ts';
import { oauthRoutes, oauthTokenRoutes } from '../modules/oauth/oauth.routes.ts';
import { passwordRoutes } from '../modules/password/password.routes.ts';
import { erasureRoutes } from '../modules/privacy/erasure.routes.ts';
import { privacyRoutes } from '../modules/privacy/privacy.routes.ts';
import { reportRoutes } from '../modules/reports/reports.routes.ts';
import { retentionRoutes } from '../modules/retention/retention.routes.ts';
import { savedSearchesRoutes } from '../modules/saved-searches/saved-searches.routes.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { signatureRoutes } from '../modules/signature/signature.routes.ts';
import { statusesRoutes } from '../modules/statuses/statuses.routes.ts';
import { tagsRoutes } from '../modules/tags/tags.routes.ts';
import { confirmationRoutes } from '../modules/users/confirmation.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';
import { webhooksRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { authenticateScope } from './authenticate.ts';

/**
 * The route tree under /api. Where a route is registered decides what guards it (never how its URL is spelled):
 *
 *   /api                     health: answers during maintenance, no token
 *   └─ gated                 the maintenance gate (503 while a window is on)
 *      ├─ public routes      sign-in (password, Google, Microsoft), refresh, password recovery, OpenAPI
 *      └─ authenticated      everything else: a valid access token, `callerOf(request)` in handlers
 */
export async function registerRoutes(
  app: FastifyInstance,
  deps: Deps,
  sendJob: EmailSendJob,
  interviewJobs: InterviewJobs,
) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(async (gated) => {
        registerMaintenanceGate(app, gated, deps.db);
        gated.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        await gated.register(authRoutes(deps));
        await gated.register(passwordRoutes(deps));
        await gated.register(confirmationRoutes(deps));
        await gated.register(oauthRoutes(deps));
        await gated.register(async (authenticated) => {
          authenticateScope(authenticated, deps.tokens, deps.db, {
            // Like page views, a limit on capacity: Redis when shared, else this instance's memory, never a
            // database write per request.
            store: deps.pageLimits,
            perMinute: deps.config.apiTokenMaxPerMinute,
          });
          await authenticated.register(usersRoutes(deps));
          await authenticated.register(clientDataRoutes(deps));
          await authenticated.register(licenceRoutes(deps));
          await authenticated.register(settingsRoutes(deps));
          await authenticated.register(retentionRoutes(deps));
          await authenticated.register(apiTokensRoutes(deps));
          await authenticated.register(webhooksRoutes(deps));
          await authenticated.register(auditRoutes(deps));
          await authenticated.register(jobOffersRoutes(deps));
          await authenticated.register(jobOfferQuestionsRoutes(deps));
          await authenticated.register(careersSiteRoutes(deps));
          await authenticated.register(jobOfferCopyRoutes(deps));
          await authenticated.register(jobOfferExportRoutes(deps));
          await authenticated.register(companiesRoutes(deps));
          await authenticated.register(tagsRoutes(deps));
          await authenticated.register(statusesRoutes(deps));
          await authenticated.register(oauthTokenRoutes(deps));
          await authenticated.register(candidateSearchRoutes(deps));
          await authenticated.register(candidateCreateRoutes(deps));
          await authenticated.register(candidateImportRoutes(deps));
          await authenticated.register(bulkCreateRoutes(deps));
          await authenticated.register(jobApplicationsRoutes(deps));
          await authenticated.register(candidatesRoutes(deps));
          await authenticated.register(candidateApplicationsRoutes(deps));
          await authenticated.register(candidateContactsRoutes(deps));
          await authenticated.register(candidateTagsRoutes(deps));
          await authenticated.register(emailTemplatesRoutes(deps));
          await authenticated.register(emailSendingRoutes(deps, sendJob));
          await authenticated.register(activityRoutes(deps));
          await authenticated.register(reportRoutes(deps));
          await authenticated.register(savedSearchesRoutes(deps));
          await authenticated.register(interviewsRoutes(deps, interviewJobs));
          await authenticated.register(calendarFeedRoutes(deps));
          await authenticated.register(candidateFilesRoutes(deps));
          await authenticated.register(candidateDraftsRoutes(deps));
          await authenticated.register(erasureRoutes(deps));
          await authenticated.register(signatureRoutes(deps));
          await authenticated.register(privacyRoutes(deps));
        });
      });
    },
    { prefix: '/api' },
  );
}
