import type { Role, SettingName } from '@vivier/contract';
import { useAppStore } from '../../store/app-store';
import { type Settings, useSettings } from './get-settings';

export type Creatable = 'tag' | 'company';

/** The global setting that rules each kind, and the value that keeps creation to admins (SPEC section 6). */
const RULES: Record<Creatable, { name: SettingName; adminsOnly: string }> = {
  tag: { name: 'tags_rule', adminsOnly: 'not-createable' },
  company: { name: 'company_creation', adminsOnly: 'admins_only' },
};

/**
 * Whether the form may offer to create a tag or a company: an admin always may; another user unless the
 * licence keeps it to admins, and not before the settings are received. A rule missing from the list is the
 * licence default (everyone), as the server reads it.
 */
export function canCreate(settings: Settings | undefined, role: Role | undefined, kind: Creatable): boolean {
  if (role === 'admin') return true;
  if (!settings) return false;
  const rule = RULES[kind];
  return settings.data.find((setting) => setting.name === rule.name)?.value !== rule.adminsOnly;
}

/** `canCreate` for the signed-in user, from the session's claims and the cached settings. */
export function useCanCreate(kind: Creatable): boolean {
  const role = useAppStore((state) => state.user?.claims.role);
  const { data } = useSettings();
  return canCreate(data, role, kind);
}
