import { registerTexts } from '../../../shared/i18n/register-texts';
import type { Texts } from '../../../shared/i18n/texts';

/**
 * Texts of the careers site panel (issue 23), under `settings.careers`. They are added to i18next when the
 * panel's module loads (`registerCareersTexts`): in the settings' own texts, which the first page carries, they
 * would push the jobs screen past DESIGN section 6's 250 kB of JavaScript.
 */
export const careersSettingsEn = {
  careers: {
    title: 'Careers site',
    online: 'Your careers site:',
    notSaved: 'Not saved yet; once saved, your careers site will be at',
    slug: 'Address',
    slugHint: 'Lower-case letters, digits and hyphens: /careers/your-address',
    slugFormat: 'Use lower-case letters, digits and hyphens, not at the start or end',
    intro: 'Introduction',
    colour: 'Colour',
    colourHint: 'The colour of buttons and links, as #rrggbb',
    colourFormat: 'Give a colour as # and six hexadecimal digits',
    privacy: 'Privacy notice address',
    privacyHint: 'An https:// page, linked from the apply form',
    httpsOnly: 'Give an https:// address',
    logo: 'Logo',
    uploadLogo: 'Upload a logo',
    replaceLogo: 'Replace the logo',
    removeLogo: 'Remove the logo',
    logoHint: 'PNG or JPEG, at most 1 MB',
    logoTooLarge: 'The logo is larger than 1 MB',
    save: 'Save the careers site',
    saved: 'The careers site is saved',
    confirmation: 'Confirmation mail to applicants',
    confirmationHint:
      'Left empty, the built-in text shown greyed is sent. These placeholders are replaced: {{placeholders}}',
    subject: 'Subject ({{language}})',
    body: 'Message ({{language}})',
    en: 'English',
    fr: 'French',
  },
};

export const careersSettingsFr: Texts<typeof careersSettingsEn> = {
  careers: {
    title: 'Site carrières',
    online: 'Votre site carrières :',
    notSaved: 'Pas encore enregistré ; une fois enregistré, votre site carrières sera à',
    slug: 'Adresse',
    slugHint: 'Minuscules, chiffres et tirets : /careers/votre-adresse',
    slugFormat: 'Utilisez des minuscules, des chiffres et des tirets, pas au début ni à la fin',
    intro: 'Présentation',
    colour: 'Couleur',
    colourHint: 'La couleur des boutons et des liens, en #rrvvbb',
    colourFormat: 'Indiquez une couleur en # et six chiffres hexadécimaux',
    privacy: 'Adresse de la politique de confidentialité',
    privacyHint: 'Une page https://, liée depuis le formulaire de candidature',
    httpsOnly: 'Indiquez une adresse https://',
    logo: 'Logo',
    uploadLogo: 'Envoyer un logo',
    replaceLogo: 'Remplacer le logo',
    removeLogo: 'Supprimer le logo',
    logoHint: 'PNG ou JPEG, 1 Mo au plus',
    logoTooLarge: 'Le logo dépasse 1 Mo',
    save: 'Enregistrer le site carrières',
    saved: 'Le site carrières est enregistré',
    confirmation: 'Mail de confirmation aux candidats',
    confirmationHint:
      'Laissé vide, le texte intégré affiché en gris est envoyé. Ces balises sont remplacées : {{placeholders}}',
    subject: 'Objet ({{language}})',
    body: 'Message ({{language}})',
    en: 'anglais',
    fr: 'français',
  },
};

/** Adds the panel's texts to both languages, once. */
export const registerCareersTexts = () => registerTexts('settings', careersSettingsEn, careersSettingsFr);
