/** The screen's two dialogs, as one lazy chunk (candidates-screen.tsx): neither is on the first page. */
export { AddToJobOfferModal } from './add-to-job-offer-modal';
export { CandidateFormModal } from './candidate-form-modal';
