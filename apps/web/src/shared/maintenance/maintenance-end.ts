/** SPEC section 9: the maintenance ends `duration` minutes after `breakAt`. */
export function maintenanceEnd(breakAt: string, durationMinutes: number): Date {
  return new Date(Date.parse(breakAt) + durationMinutes * 60_000);
}

/** Short month, day, year, hour and minute, in the current language (SPEC section 2). */
export function formatMaintenanceEnd(breakAt: string, durationMinutes: number, language: string): string {
  const end = maintenanceEnd(breakAt, durationMinutes);
  if (Number.isNaN(end.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(end);
}
