import { z } from 'zod';
import { Role } from './users.ts';

/** The values as tuples, for database enums too. */
export const PLAN_TYPES = ['recurrent', 'on_demand', 'demo'] as const;
export const PlanType = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanType>;
/** 'quaterly' is spelled as the spec spells it (SPEC section 3). */
export const RENEW_PERIODS = ['weekly', 'monthly', 'quaterly', 'yearly'] as const;
export const RenewPeriod = z.enum(RENEW_PERIODS);
export type RenewPeriod = z.infer<typeof RenewPeriod>;

export const Licence = z.object({
  id: z.number(),
  name: z.string(),
  api_url: z.string(),
  credits_max: z.number(),
  credits_used: z.number(),
  plan_type: PlanType,
  renew_period: RenewPeriod.nullable(),
});
export type Licence = z.infer<typeof Licence>;

export const LicenceUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: Role,
  credits_used: z.number(),
});

export const LicenceStats = z.object({
  credits_max: z.number(),
  credits_used: z.number(),
  credits_left: z.number(),
  by_user: z.array(
    z.object({ user_id: z.number().nullable(), email: z.string().nullable(), credits_used: z.number() }),
  ),
  by_period: z.array(z.object({ period: z.string(), credits_used: z.number() })),
});
export type LicenceStats = z.infer<typeof LicenceStats>;
