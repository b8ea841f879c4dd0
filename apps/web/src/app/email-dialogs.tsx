import { lazy, Suspense } from 'react';
import { useAppStore } from '../shared/store/app-store';

// One chunk for both dialogs: every extra lazy chunk splits the code the screens share into more pieces.
const dialogs = () => import('./email-dialog-components');
const EmailTemplateModal = lazy(async () => ({ default: (await dialogs()).EmailTemplateModal }));
const SendEmailDialog = lazy(async () => ({ default: (await dialogs()).SendEmailDialog }));

/**
 * The email dialogs (issue 11) over whichever screen opened them through the store (`openEmailDialog`): the job
 * offers index and the job offer screen open them without importing another feature. Each loads on first use.
 */
export function EmailDialogs() {
  const dialog = useAppStore((state) => state.emailDialog);
  const close = useAppStore((state) => state.closeEmailDialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'template' ? (
        <EmailTemplateModal
          key={`template-${dialog.jobOfferId}`}
          jobOfferId={dialog.jobOfferId}
          onClose={close}
        />
      ) : (
        <SendEmailDialog
          key={`send-${dialog.jobOfferId}`}
          jobOfferId={dialog.jobOfferId}
          candidateIds={dialog.candidateIds}
          statusId={dialog.statusId}
          onClose={close}
        />
      )}
    </Suspense>
  );
}
