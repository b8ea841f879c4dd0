import type { Texts } from '../../i18n/texts';
import type { candidateFilesEn } from './i18n';

/** Textes des fichiers d\'un candidat (issue 22), sous `candidateFiles`. */
export const candidateFilesFr: Texts<typeof candidateFilesEn> = {
  title: 'Fichiers',
  empty: "Aucun fichier pour l'instant",
  drop: 'Déposez un CV ou un document ici, ou cliquez pour en choisir un',
  accepted: 'PDF, DOCX, ODT ou texte',
  rejected: 'Seulement des fichiers PDF, DOCX, ODT ou texte',
  cv: 'CV',
  markCv: 'Marquer comme CV',
  markCvOf: 'Marquer comme CV : {{name}}',
  download: 'Télécharger {{name}}',
  delete: 'Supprimer',
  deleteOf: 'Supprimer {{name}}',
  confirmDelete: 'Supprimer ce fichier ?',
  by: '{{size}} · {{who}} · {{when}}',
  someone: "quelqu'un",
  fetchFailed: "Les fichiers n'ont pas pu être chargés",
  uploadFailed: "Le fichier n'a pas pu être ajouté",
  deleteFailed: "Le fichier n'a pas pu être supprimé",
  markFailed: "Le fichier n'a pas pu être marqué comme CV",
  downloadFailed: "Le fichier n'a pas pu être téléchargé",
  preview: 'Aperçu',
  previewOf: 'Aperçu de {{name}}',
  previewLoading: "Chargement de l'aperçu",
  previewFailed: "L'aperçu n'a pas pu être affiché",
  textPending: 'Lecture du texte…',
  textFailed: "Le texte n'a pas pu être lu",
};
