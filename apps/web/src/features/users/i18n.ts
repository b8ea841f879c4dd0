import { registerTexts } from '../../shared/i18n/register-texts';
import { usersFr } from './i18n.fr';

/**
 * Texts of the users screen (SPEC section 2, "Users screen"), added to the app's translations when the screen's chunk loads, under `users`
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

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerUsersTexts = () => registerTexts('users', usersEn, usersFr);
