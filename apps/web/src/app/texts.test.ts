import { describe, expect, it } from 'vitest';
import { auditLogEn } from '../features/audit-log/i18n';
import { auditLogFr } from '../features/audit-log/i18n.fr';
import { emailSendingEn } from '../features/email-sending/i18n';
import { emailSendingFr } from '../features/email-sending/i18n.fr';
import { emailTemplatesEn } from '../features/email-templates/i18n';
import { emailTemplatesFr } from '../features/email-templates/i18n.fr';
import { jobOfferCopyEn } from '../features/job-offer-copy/i18n';
import { jobOfferCopyFr } from '../features/job-offer-copy/i18n.fr';
import { jobOfferExportEn } from '../features/job-offer-export/i18n';
import { jobOfferExportFr } from '../features/job-offer-export/i18n.fr';
import { pipelineEn } from '../features/pipeline/i18n';
import { pipelineFr } from '../features/pipeline/i18n.fr';
import { settingsEn } from '../features/settings/i18n';
import { settingsFr } from '../features/settings/i18n.fr';
import { usersEn } from '../features/users/i18n';
import { usersFr } from '../features/users/i18n.fr';
import { en as shellEn } from '../shared/i18n/en';
import { fr as shellFr } from '../shared/i18n/fr';
import { i18n } from '../shared/i18n/i18n';
import { paletteEn } from './command-palette/i18n';
import { paletteFr } from './command-palette/i18n.fr';

/** Texts of the shell and of every lazy screen (test/setup.ts adds the screens' to i18next as their chunks would). */

// The shell's texts and the screens' own, which their chunks add when they load (register-texts.ts).
const en = {
  ...shellEn,
  users: usersEn,
  auditLog: auditLogEn,
  settings: settingsEn,
  jobOffer: pipelineEn,
  jobOfferCopy: jobOfferCopyEn,
  jobOfferExport: jobOfferExportEn,
  emailTemplates: emailTemplatesEn,
  emailSending: emailSendingEn,
  palette: paletteEn,
};
const fr = {
  ...shellFr,
  users: usersFr,
  auditLog: auditLogFr,
  settings: settingsFr,
  jobOffer: pipelineFr,
  jobOfferCopy: jobOfferCopyFr,
  jobOfferExport: jobOfferExportFr,
  emailTemplates: emailTemplatesFr,
  emailSending: emailSendingFr,
  palette: paletteFr,
};

const keys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );

describe('the texts', () => {
  it('has a French text for every English one, and no French text left in English', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((key) => i18n.t(key, { lng: 'fr' }) === i18n.t(key, { lng: 'en' }));
    // Words that are the same in both languages.
    expect(same.sort()).toEqual(
      [
        'common.ok',
        'editor.code',
        'editor.image',
        'licence.widget',
        'jobOffer.board.column',
        'emailTemplates.variables',
        'nav.logo',
        'nav.version',
        'paginator.label',
        'paginator.page',
        'settings.formats.admen',
        'settings.pipeline',
        'settings.webhooks.description',
        'settings.webhooks.ms',
        'settings.webhooks.title',
        'settings.webhooks.url',
        'settings.webhooks.urlPlaceholder',
        'users.columns.actions',
        'users.levels.manager',
        'activity.filters.notes',
        'activity.filters.tags',
        'activity.notes.editorLabel',
        'activity.notesCount_one',
        'activity.notesCount_other',
        'activity.notifications.bell',
        'activity.notifications.title',
        // The same in both: the word CV, and a line of three values between dots.
        'candidateFiles.cv',
        'candidateFiles.by',
        // The audit log's action column and filter, and Vivier naming itself as the actor of its own jobs.
        'auditLog.action',
        'auditLog.columns.action',
        'auditLog.system',
        // The word Notes, the same in both.
        'settings.apiTokens.resources.notes',
        'settings.apiTokens.resources.webhooks',
        // The word Action(s), the same in both: the keys overlay's column and the palette's group.
        'jobOffer.triage.actionColumn',
        'palette.actions',
      ].sort(),
    );
  });
});
