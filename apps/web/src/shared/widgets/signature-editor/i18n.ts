/** Texts of the signature editor (Settings, 'User settings'), under `signature` (shared/i18n). */
export const signatureEn = {
  title: 'Email signature',
  hint: 'Added at the end of every email you send to candidates.',
  fromProvider: 'This is the signature of your Gmail account. Saving keeps a copy in Vivier.',
  save: 'Save signature',
  reset: 'Reset',
  saved: 'Your signature has been saved',
} as const;
