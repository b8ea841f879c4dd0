/**
 * Texts of the users screen (SPEC section 2, "Users screen"), merged into the app's translations under `users`
 * (shared/i18n). Quoted texts of SPEC.md are copied word for word.
 */
export const usersEn = {
  count: 'user(s)',
  add: 'New user',
  list: 'Users of the licence',
  columns: {
    picture: 'Picture',
    firstName: 'First name',
    lastName: 'Last name',
    role: 'Role',
    email: 'Email',
    actions: 'Actions',
  },
  empty: 'There is no user matching your criteria',
  adminCheckbox: '{{name}} is an admin',
  edit: 'Edit {{name}}',
  delete: 'Delete {{name}}',
  you: 'you',
  form: {
    newTitle: 'New user',
    editTitle: 'Editing {{name}}',
    userFallback: 'user',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    passwordUnchanged: 'Leave empty to keep the current password',
    showPassword: 'Show or hide the password',
    role: 'Role',
    level: 'Level',
    sfId: 'Salesforce ID',
    cancel: 'Cancel',
    create: 'Create',
    edit: 'Edit',
  },
  roles: { user: 'User', admin: 'Admin' },
  roleConfirm: {
    title: { admin: 'Make {{name}} an admin?', user: 'Make {{name}} a user?' },
    effect: {
      admin: '{{name}} will manage every job offer, the users and the global settings of the licence.',
      user: '{{name}} will no longer manage the users nor the global settings; their level decides which job offers they change.',
    },
    confirm: 'Change the role',
  },
  roleChanged: "{{name}}'s role is now {{role}}",
  levels: { manager: 'Manager', other: 'Other' },
  levelHints: {
    manager: 'Changes the job offers they manage or are assigned to',
    other: 'Reads the job offers they are assigned to, changes none',
  },
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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
