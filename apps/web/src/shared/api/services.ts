import { config } from '../config';
import { useAppStore } from '../store/app-store';
import { createServiceClient } from './http-client';

/** The three service clients of SPEC section 7. */
export const licenceService = createServiceClient(() => config.licenceApiUrl);
export const usersService = createServiceClient(() => config.usersApiUrl);
/** Recruiting data lives where the licence says (`api_url`), else at the configured default (SPEC section 9). */
export const mainBaseUrl = (): string | undefined =>
  useAppStore.getState().licence?.apiUrl || config.defaultApiUrl;
export const mainService = createServiceClient(mainBaseUrl);
