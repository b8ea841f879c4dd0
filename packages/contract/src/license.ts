import { z } from 'zod';

export const PlanType = z.enum(['recurrent', 'on_demand', 'demo']);
export type PlanType = z.infer<typeof PlanType>;
/** 'quaterly' is spelled as the spec spells it (SPEC section 3). */
export const RenewPeriod = z.enum(['weekly', 'monthly', 'quaterly', 'yearly']);
export type RenewPeriod = z.infer<typeof RenewPeriod>;

export const License = z.object({
  id: z.number(),
  name: z.string(),
  api_url: z.string(),
  credits_max: z.number(),
  credits_used: z.number(),
  plan_type: PlanType,
  renew_period: RenewPeriod.nullable(),
});
export type License = z.infer<typeof License>;

export const LicenseUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  credits_used: z.number(),
});

export const LicenseStats = z.object({
  credits_max: z.number(),
  credits_used: z.number(),
  credits_left: z.number(),
  by_user: z.array(
    z.object({ user_id: z.number().nullable(), email: z.string().nullable(), credits_used: z.number() }),
  ),
  by_period: z.array(z.object({ period: z.string(), credits_used: z.number() })),
});
export type LicenseStats = z.infer<typeof LicenseStats>;
