/**
 * Texts of the email template modal, under `emailTemplates` (shared/i18n). Quoted texts of SPEC.md are copied
 * word for word ('sucessfully' included).
 */
export const emailTemplatesEn = {
  title: 'Email template',
  titleFor: 'Email template of {{name}}',
  loading: 'Loading the email templates…',
  template: 'Template',
  none: 'No template is linked to this job offer yet',
  create: 'Create an email template',
  newTemplate: 'New email template',
  name: 'Title',
  newTitle: 'New template title',
  subject: 'Subject',
  content: 'Content',
  variables: 'Variables',
  insertVariable: 'Insert {{name}}',
  delete: 'Delete the template',
  reset: 'Reset',
  save: 'Save',
  saved: 'Email template sucessfully saved',
  deleted: 'Email template sucessfully deleted',
  readOnly: 'Your level lets you read email templates, not change them.',
  variable: {
    first_name: 'First name',
    last_name: 'Last name',
    title: 'Title',
    last_company: 'Last company',
    last_companies_2: 'Last 2 companies',
    last_companies_3: 'Last 3 companies',
    last_school: 'Last school',
    last_school_2: 'Last 2 schools',
    last_school_3: 'Last 3 schools',
  },
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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
