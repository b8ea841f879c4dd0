import type { EmailPreview, EmailSendProgress, EmailSendStarted } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** The recipients of a send and the message one of them would get. */
export type Preview = Camelize<EmailPreview>;
/** What the server answers when a send starts, and what it answers while it sends. */
export type SendStarted = Camelize<EmailSendStarted>;
export type SendProgress = Camelize<EmailSendProgress>;

/** Who the dialog writes to: chosen candidates, else every candidate of the offer (or of one status). */
export interface Recipients {
  jobOfferId: number;
  candidateIds?: number[];
  statusId?: number;
}

/** Cache keys of the email sending dialog (its previews), kept out of the refresh after a send. */
export const emailSendingKeys = {
  all: ['email-sending'] as const,
  preview: (recipients: Recipients, templateId: number, shown: number | null) =>
    [...emailSendingKeys.all, 'preview', recipients, templateId, shown] as const,
};
