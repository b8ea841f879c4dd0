import { config } from '../config';
import { useAppStore } from '../store/app-store';
import { createServiceClient } from './http-client';

/** The three service clients of SPEC section 7. */
export const licenseService = createServiceClient(() => config.licenseApiUrl);
export const usersService = createServiceClient(() => config.usersApiUrl);
/** Recruiting data lives where the licence says (`api_url`), else at the configured default (SPEC section 9). */
export const mainService = createServiceClient(
  () => useAppStore.getState().license?.apiUrl || config.defaultApiUrl,
);
