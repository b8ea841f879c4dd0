import type { Texts } from '../../shared/i18n/texts';
import type { auditLogEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const auditLogFr: Texts<typeof auditLogEn> = {
  title: "Journal d'audit",
  filters: 'Filtres',
  action: 'Action',
  anyAction: 'Toutes les actions',
  actorId: "Id de l'utilisateur",
  targetKind: 'Cible',
  anyTarget: 'Toutes les cibles',
  targetId: 'Id de la cible',
  from: 'Du',
  to: 'Au (exclu)',
  exportCsv: 'Exporter en CSV',
  loadMore: 'Afficher les entrées plus anciennes',
  empty: 'Aucune entrée ne correspond à ces filtres',
  columns: {
    seq: 'N°',
    at: 'Quand',
    actor: 'Qui',
    address: 'Adresse',
    action: 'Action',
    target: 'Cible',
    details: 'Détails',
  },
  system: 'Vivier',
  adminsOnly: "Seul un administrateur peut lire le journal d'audit",
  fetchError: "Le journal d'audit n'a pas pu être chargé",
  exportError: "Le journal d'audit n'a pas pu être exporté",
};
