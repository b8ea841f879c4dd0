/** Texts of the signature editor (Settings, 'User settings'), under `signature` (shared/i18n). */
export const signatureEn = {
  title: 'Email signature',
  hint: 'Added at the end of every email you send to candidates.',
  fromProvider: 'This is the signature of your Gmail account. Saving keeps a copy in Vivier.',
  save: 'Save signature',
  reset: 'Reset',
  saved: 'Your signature has been saved',
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const signatureFr: Texts<typeof signatureEn> = {
  title: 'Signature des e-mails',
  hint: 'Ajoutée à la fin de chaque e-mail que vous envoyez aux candidats.',
  fromProvider: 'Voici la signature de votre compte Gmail. Enregistrer en garde une copie dans Vivier.',
  save: 'Enregistrer la signature',
  reset: 'Réinitialiser',
  saved: 'Votre signature a été enregistrée',
};
