import type { Texts } from '../../i18n/texts';
import type { signatureEn } from './i18n';

export const signatureFr: Texts<typeof signatureEn> = {
  title: 'Signature des e-mails',
  hint: 'Ajoutée à la fin de chaque e-mail que vous envoyez aux candidats.',
  fromProvider: 'Voici la signature de votre compte Gmail. Enregistrer en garde une copie dans Vivier.',
  save: 'Enregistrer la signature',
  reset: 'Réinitialiser',
  saved: 'Votre signature a été enregistrée',
};
