import { useSettings } from '../get-settings';

/**
 * Says 'Settings received' once GET /settings answered, so a test knows a rule is applied rather than still
 * unknown before it looks for what the rule hides.
 */
export function SettingsReceived() {
  const { data } = useSettings();
  return data ? <p>Settings received</p> : null;
}
