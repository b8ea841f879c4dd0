import type { Texts } from '../../shared/i18n/texts';
import type { emailTemplatesEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const emailTemplatesFr: Texts<typeof emailTemplatesEn> = {
  title: "Modèle d'e-mail",
  titleFor: "Modèle d'e-mail de {{name}}",
  loading: "Chargement des modèles d'e-mail…",
  template: 'Modèle',
  none: "Aucun modèle n'est encore lié à cette offre d'emploi",
  create: "Créer un modèle d'e-mail",
  newTemplate: "Nouveau modèle d'e-mail",
  name: 'Titre',
  newTitle: 'Titre du nouveau modèle',
  subject: 'Objet',
  content: 'Contenu',
  variables: 'Variables',
  insertVariable: 'Insérer {{name}}',
  delete: 'Supprimer le modèle',
  reset: 'Réinitialiser',
  save: 'Enregistrer',
  saved: "Modèle d'e-mail enregistré avec succès",
  deleted: "Modèle d'e-mail supprimé avec succès",
  readOnly: "Votre niveau vous permet de lire les modèles d'e-mail, pas de les modifier.",
  variable: {
    first_name: 'Prénom',
    last_name: 'Nom',
    title: 'Titre du poste',
    last_company: 'Dernière entreprise',
    last_companies_2: '2 dernières entreprises',
    last_companies_3: '3 dernières entreprises',
    last_school: 'Dernière école',
    last_school_2: '2 dernières écoles',
    last_school_3: '3 dernières écoles',
  },
};
