import type { Texts } from '../../../../shared/i18n/texts';
import type { fromCvsEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const fromCvsFr: Texts<typeof fromCvsEn> = {
  fromCvs: {
    title: 'Créer des candidats depuis des CV',
    drop: "Déposez jusqu'à {{max}} CV ici, ou cliquez pour les choisir",
    accepted: 'PDF, Word (DOCX), OpenDocument (ODT) ou texte, 10 Mo chacun',
    rejected: "Ces fichiers n'ont pas été pris : {{max}} CV au plus à la fois, PDF, DOCX, ODT ou texte",
    reading: '{{done}} CV lus sur {{total}}',
    notRead: "Ces fichiers n'ont pas pu être lus comme des CV",
    none: "Aucun CV n'a pu être lu.",
    select: 'Créer un candidat depuis {{name}}',
    unread: "Aucun texte n'a pu être lu dans ce fichier : saisissez le nom",
    duplicate: 'Déjà dans Vivier : {{name}} ({{value}})',
    fields: {
      firstName: 'Prénom',
      lastName: 'Nom',
      emails: 'E-mails (séparés par des virgules)',
      phones: 'Téléphones (séparés par des virgules)',
      linkedinUrl: 'Adresse LinkedIn',
    },
    needsIdentity: 'Un prénom, un nom ou un e-mail est nécessaire',
    badEmail: "Format d'e-mail invalide",
    badPhone: 'Format de téléphone invalide',
    cancel: 'Annuler',
    create_one: 'Créer {{count}} candidat',
    create_other: 'Créer {{count}} candidats',
    created_one: '{{count}} candidat créé',
    created_other: '{{count}} candidats créés',
    createFailed: "Les candidats n'ont pas pu être créés",
  },
};
