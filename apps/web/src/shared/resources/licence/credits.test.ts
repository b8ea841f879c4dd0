import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { creditsLeft, creditsLeftPercent, planLabel } from './credits';

describe('licence credits (SPEC section 9)', () => {
  it('counts credits left and their rounded percentage', () => {
    expect(creditsLeft({ creditsMax: 300, creditsUsed: 101 })).toBe(199);
    expect(creditsLeftPercent({ creditsMax: 300, creditsUsed: 101 })).toBe(66);
    expect(creditsLeftPercent({ creditsMax: 300, creditsUsed: 0 })).toBe(100);
  });

  it('gives 0 % when the ratio is not a number', () => {
    expect(creditsLeftPercent({ creditsMax: 0, creditsUsed: 0 })).toBe(0);
  });

  it('labels the plan', () => {
    const t = i18n.getFixedT('en');
    expect(planLabel({ planType: 'recurrent', renewPeriod: 'monthly' }, t)).toBe('recurrent (monthly)');
    expect(planLabel({ planType: 'on_demand', renewPeriod: null }, t)).toBe('on demand');
    expect(planLabel({ planType: 'demo', renewPeriod: null }, t)).toBe('demo');
    const fr = i18n.getFixedT('fr');
    expect(planLabel({ planType: 'recurrent', renewPeriod: 'yearly' }, fr)).toBe('récurrente (annuelle)');
  });
});
