import type { Texts } from '../../shared/i18n/texts';
import type { emailSendingEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const emailSendingFr: Texts<typeof emailSendingEn> = {
  title: 'Envoyer un e-mail',
  titleFor: 'Envoyer un e-mail : {{name}}',
  loading: 'Préparation des e-mails…',
  template: "Modèle d'e-mail",
  noTemplate: "Il n'y a pas encore de modèle d'e-mail : créez-en un, puis envoyez-le.",
  editTemplate: "Modifier le modèle d'e-mail",
  recipients: '{{count}} destinataire(s)',
  noRecipient: "Personne à qui écrire : aucun candidat choisi n'a d'adresse e-mail.",
  readOnly: 'Votre niveau vous permet de prévisualiser les messages, pas de les envoyer.',
  previewFor: 'Aperçu pour',
  subject: 'Objet',
  previewFrame: 'E-mail à {{name}}',
  skipped: 'Sans adresse e-mail valide, non envoyé : {{names}}',
  send: 'Envoyer à {{count}} candidat(s)',
  queued: 'Les e-mails partent dans un instant…',
  sending: 'Envoi {{done}} sur {{total}}…',
  sent: '{{count}} e-mail(s) envoyé(s)',
  moved: 'Les candidats contactés pour la première fois sont passés à « {{status}} ».',
  failed: "{{count}} e-mail(s) n'ont pas pu être envoyés",
  cancel: 'Annuler',
  done: 'Terminé',
  sendFailed: "Les e-mails n'ont pas pu être envoyés",
  previewFailed: "Les e-mails n'ont pas pu être préparés",
  unnamed: 'Candidat {{id}}',
};
