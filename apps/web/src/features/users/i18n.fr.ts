import type { Texts } from '../../shared/i18n/texts';
import type { usersEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const usersFr: Texts<typeof usersEn> = {
  count: 'utilisateur(s)',
  add: 'Nouvel utilisateur',
  list: 'Utilisateurs de la licence',
  columns: {
    picture: 'Photo',
    firstName: 'Prénom',
    lastName: 'Nom',
    role: 'Rôle',
    email: 'E-mail',
    actions: 'Actions',
  },
  empty: "Il n'y a aucun utilisateur correspondant à vos critères",
  adminCheckbox: '{{name}} est administrateur',
  edit: 'Modifier {{name}}',
  delete: 'Supprimer {{name}}',
  you: 'vous',
  form: {
    newTitle: 'Nouvel utilisateur',
    editTitle: 'Modification de {{name}}',
    userFallback: "l'utilisateur",
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    password: 'Mot de passe',
    passwordUnchanged: 'Laissez vide pour garder le mot de passe actuel',
    showPassword: 'Afficher ou masquer le mot de passe',
    role: 'Rôle',
    level: 'Niveau',
    sfId: 'ID Salesforce',
    cancel: 'Annuler',
    create: 'Créer',
    edit: 'Modifier',
  },
  roles: { user: 'Utilisateur', admin: 'Administrateur' },
  roleConfirm: {
    title: { admin: 'Rendre {{name}} administrateur ?', user: 'Rendre {{name}} utilisateur ?' },
    effect: {
      admin:
        "{{name}} gérera toutes les offres d'emploi, les utilisateurs et les réglages globaux de la licence.",
      user: "{{name}} ne gérera plus les utilisateurs ni les réglages globaux ; son niveau décide des offres d'emploi qu'il modifie.",
    },
    confirm: 'Changer le rôle',
  },
  roleChanged: 'Le rôle de {{name}} est maintenant {{role}}',
  levels: { manager: 'Manager', other: 'Autre' },
  levelHints: {
    manager: "Modifie les offres d'emploi qu'il gère ou auxquelles il est assigné",
    other: "Consulte les offres d'emploi auxquelles il est assigné, sans les modifier",
  },
};
