/** Texts of a candidate's files (issue 22), under `candidateFiles`. */
export const candidateFilesEn = {
  title: 'Files',
  empty: 'No file yet',
  drop: 'Drop a CV or a document here, or click to choose one',
  accepted: 'PDF, DOCX, ODT or text',
  rejected: 'Only PDF, DOCX, ODT or text files',
  cv: 'CV',
  markCv: 'Mark as CV',
  // The names of the row's buttons carry the file's, as several rows each have theirs.
  markCvOf: 'Mark as CV: {{name}}',
  download: 'Download {{name}}',
  delete: 'Delete',
  deleteOf: 'Delete {{name}}',
  confirmDelete: 'Delete this file?',
  by: '{{size}} · {{who}} · {{when}}',
  someone: 'someone',
  fetchFailed: 'The files could not be fetched',
  uploadFailed: 'The file could not be added',
  deleteFailed: 'The file could not be deleted',
  markFailed: 'The file could not be marked as the CV',
  downloadFailed: 'The file could not be downloaded',
};
