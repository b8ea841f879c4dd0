import { registerTexts } from '../../i18n/register-texts';
import { privacyFr } from './i18n.fr';

/**
 * Texts of access, portability and the requests from the person (issue 24), under `privacy`. Added to i18next
 * when the export button's module loads (`registerPrivacyTexts`), not carried by the first page: the job offers
 * index is at the edge of DESIGN section 6's 250 kB of JavaScript.
 */
export const privacyEn = {
  export: "Export this candidate's data",
  exporting: 'Exporting…',
  exportHint: 'A ZIP with everything Vivier holds about this person and their files',
  exportFailed: "The candidate's data could not be exported",
  requests: 'Privacy requests',
  requestsIntro:
    'Requests made by people on your careers site and confirmed through the link mailed to them. The law asks for an answer within one month.',
  open: 'Open',
  done: 'Done',
  none: 'No request',
  candidate: 'Candidate',
  kind: 'Request',
  access: 'Access (a copy)',
  erasure: 'Erasure',
  confirmed: 'Confirmed',
  due: 'Deadline',
  overdue: 'Overdue',
  closedBy: 'Done by',
  actions: 'Actions',
  erased: 'Erased candidate',
  download: "Download the candidate's data",
  openCandidate: 'Open the candidate',
  erasureHint: 'Erase the candidate from their page, then mark the request as done.',
  markDone: 'Mark as done',
  markDoneOf: 'Mark the request of {{name}} as done',
  fetchFailed: 'The privacy requests could not be fetched',
  closeFailed: 'The request could not be marked as done',
};

/** Adds the texts to i18next once (both languages). */
export const registerPrivacyTexts = () => registerTexts('privacy', privacyEn, privacyFr);
