import type { TFunction } from 'i18next';
import type { SessionLicence } from '../../session/types';

/** SPEC section 9: credits left = creditsMax minus creditsUsed. */
export const creditsLeft = (licence: Pick<SessionLicence, 'creditsMax' | 'creditsUsed'>): number =>
  licence.creditsMax - licence.creditsUsed;

/** SPEC section 9: the remaining ratio times 100, rounded; 0 when it is not a number (no credits at all). */
export function creditsLeftPercent(licence: Pick<SessionLicence, 'creditsMax' | 'creditsUsed'>): number {
  const percent = Math.round((creditsLeft(licence) / licence.creditsMax) * 100);
  return Number.isFinite(percent) ? percent : 0;
}

/** SPEC section 9: 'recurrent (renewPeriod)', 'on demand', and 'demo' for demo or anything else. */
export function planLabel(licence: Pick<SessionLicence, 'planType' | 'renewPeriod'>, t: TFunction): string {
  if (licence.planType === 'recurrent') {
    const renewPeriod = licence.renewPeriod ? t(`licence.renew.${licence.renewPeriod}`) : '';
    return t('licence.planRecurrent', { renewPeriod });
  }
  if (licence.planType === 'on_demand') return t('licence.planOnDemand');
  return t('licence.planDemo');
}
