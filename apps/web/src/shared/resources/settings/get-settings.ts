import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingList, Setting as WireSetting } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';

export type Settings = Camelize<SettingList>;
export type Setting = Camelize<WireSetting>;

export const settingsKeys = { all: ['settings'] as const };

/** SPEC sections 7 and 9: the settings are fetched again once older than 10 minutes. */
export const SETTINGS_STALE_MS = 10 * 60_000;

/** GET /settings; a failure toasts 'The settings could not be fetched'. */
export const getSettings = (): Promise<Settings> =>
  withErrorToast(() => call(routes.settings.list), i18n.t('errors.settingsFetch'));

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings, staleTime: SETTINGS_STALE_MS });

/** The global settings of the signed-in user's licence, undefined until received. */
export const useSettings = () => useQuery(settingsQueryOptions());
