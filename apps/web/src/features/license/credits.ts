import type { TFunction } from 'i18next';
import type { SessionLicense } from '../../shared/session/types';

/** SPEC section 9: credits left = creditsMax minus creditsUsed. */
export const creditsLeft = (license: Pick<SessionLicense, 'creditsMax' | 'creditsUsed'>): number =>
  license.creditsMax - license.creditsUsed;

/** SPEC section 9: the remaining ratio times 100, rounded; 0 when it is not a number (no credits at all). */
export function creditsLeftPercent(license: Pick<SessionLicense, 'creditsMax' | 'creditsUsed'>): number {
  const percent = Math.round((creditsLeft(license) / license.creditsMax) * 100);
  return Number.isFinite(percent) ? percent : 0;
}

/** SPEC section 9: 'recurrent (renewPeriod)', 'on demand', and 'demo' for demo or anything else. */
export function planLabel(license: Pick<SessionLicense, 'planType' | 'renewPeriod'>, t: TFunction): string {
  if (license.planType === 'recurrent') {
    const renewPeriod = license.renewPeriod ? t(`license.renew.${license.renewPeriod}`) : '';
    return t('license.planRecurrent', { renewPeriod });
  }
  if (license.planType === 'on_demand') return t('license.planOnDemand');
  return t('license.planDemo');
}
