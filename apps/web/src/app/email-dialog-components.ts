/** The email dialogs, loaded together on first use (app/email-dialogs.tsx). */
export { SendEmailDialog } from '../features/email-sending/components/send-email-dialog';
export { EmailTemplateModal } from '../features/email-templates/components/email-template-modal';
