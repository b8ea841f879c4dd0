import type { Texts } from '../../../shared/i18n/texts';
import type { candidateDialogsEn } from './candidate-dialogs-i18n';

/** French texts; the compiler checks that every English key has one. */
export const candidateDialogsFr: Texts<typeof candidateDialogsEn> = {
  bulk: {
    title: "Ajouter à une offre d'emploi",
    selection: 'Candidats sélectionnés : {{names}}',
    more: 'et {{count}} autre(s)',
    jobOffer: "Offre d'emploi",
    jobOfferPlaceholder: "Sélectionnez une offre d'emploi ou tapez pour rechercher...",
    noCompany: "Pas d'entreprise",
    noJobOffer: "Aucune offre d'emploi trouvée",
    status: 'Statut',
    statusPlaceholder: 'Veuillez sélectionner un statut',
    validate: 'Valider',
  },
  form: {
    title: 'Nouveau candidat',
    firstName: 'Prénom',
    lastName: 'Nom',
    title_: 'Titre',
    company: 'Entreprise',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
    linkedin: 'Profil LinkedIn',
    tags: 'Étiquettes',
    tagsPlaceholder: 'Choisir des étiquettes',
    nameOrEmail: 'Veuillez indiquer un prénom, un nom ou un email',
    invalidEmail: "Format d'email invalide",
    cost: 'Créer ce candidat utilise 1 crédit. Crédits restants : {{count}}.',
    invalidPhone: 'Format de téléphone invalide',
    cancel: 'Annuler',
    create: 'Créer',
    created: 'Candidat {{name}} créé',
    duplicate: 'Un candidat avec cet email existe déjà',
    showDuplicate: 'Voir ce candidat',
    saveFailed: "Le candidat n'a pas pu être enregistré",
  },
};
