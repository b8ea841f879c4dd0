import type { ImportField } from '@vivier/contract';
import type { ImportMapping } from '../../api/import-candidates';

export const IMPORT_FIELDS: ImportField[] = [
  'first_name',
  'last_name',
  'emails',
  'phones',
  'title',
  'company',
  'linkedin',
  'tags',
];
/** Fields several columns may feed. */
export const MULTI_COLUMN: ImportField[] = ['emails', 'phones', 'tags'];

// Column names as spreadsheets and other tools spell them, in English and French, without accents or case.
const NAMES: Record<ImportField, RegExp> = {
  first_name: /^(first ?name|firstname|given ?name|prenom)$/,
  last_name: /^(last ?name|lastname|surname|family ?name|nom( de famille)?)$/,
  emails: /^(e-?mail|email ?\d*|e-?mail address|courriel|adresse e-?mail|mail)$/,
  phones: /^(phone|phone ?\d*|phone number|telephone|tel|mobile|portable|numero de telephone)$/,
  title: /^(title|job title|position|titre|poste|intitule)$/,
  company: /^(company|employer|current company|entreprise|societe|employeur)$/,
  linkedin: /^(linkedin|linkedin url|linkedin profile|profil linkedin)$/,
  tags: /^(tags?|labels?|skills|competences|mots-cles)$/,
};

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A first mapping from the header's names; the person checks and changes it. */
export function guessMapping(header: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  header.forEach((name, column) => {
    const field = IMPORT_FIELDS.find((f) => NAMES[f].test(plain(name)));
    if (!field) return;
    const columns = mapping[field] ?? [];
    if (columns.length === 0 || MULTI_COLUMN.includes(field)) mapping[field] = [...columns, column];
  });
  return mapping;
}

/** The server imports a row only with a name or an email: the mapping must give one of them. */
export const mapsIdentity = (mapping: ImportMapping) =>
  ['first_name', 'last_name', 'emails'].some((f) => (mapping[f as ImportField] ?? []).length > 0);
