import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Language } from '../i18n/i18n';
import type { SessionClaims, SessionLicence, SessionUser } from '../session/types';
import { createThrottledStorage } from './throttled-storage';

/** SPEC section 3 "Other client state": context, maintenance, pending requests, the error list, export progress. */
export interface ClientContext {
  language: Language | null;
  actualJobOffer: number | null;
  actualStatus: number | null;
  selectedStatuses: number[];
}

export interface Maintenance {
  breakAt: string;
  duration: number;
}

/**
 * The email dialogs open over any screen (issue 11): the template modal of a job offer, or the 'Send email'
 * dialog for some of its candidates (all of them, or those of `statusId`, when `candidateIds` is absent).
 * A screen opens one through the store, so no feature imports another; `app/` mounts them.
 */
export type EmailDialog =
  | { kind: 'template'; jobOfferId: number }
  | { kind: 'send'; jobOfferId: number; candidateIds?: number[]; statusId?: number };

export interface ErrorEntry {
  date: Date;
  error: Error;
}

interface AppData {
  user: SessionUser | null;
  licence: SessionLicence | null;
  context: ClientContext;
  maintenance: Maintenance | null;
  pendingRequests: number;
  errors: ErrorEntry[];
  exportProgress: number | null;
  emailDialog: EmailDialog | null;
}

interface AppActions {
  setUser(user: SessionUser): void;
  setTokens(jwt: string, token: string, claims: SessionClaims): void;
  setLicence(licence: SessionLicence): void;
  setContext(patch: Partial<ClientContext>): void;
  setMaintenance(maintenance: Maintenance | null): void;
  requestStarted(): void;
  requestEnded(): void;
  recordError(error: Error): void;
  setExportProgress(progress: number | null): void;
  openEmailDialog(dialog: EmailDialog): void;
  closeEmailDialog(): void;
  /** Forgets everything: the session, the licence, the context and the error list (SPEC section 4, logout). */
  reset(): void;
}

export type AppState = AppData & AppActions;

/** Keeps the error list bounded: a long session must not grow it forever. */
const MAX_ERRORS = 100;
/** SPEC section 9: saved at most once every 5 seconds, leading and trailing. */
export const PERSIST_INTERVAL_MS = 5_000;
export const STORAGE_KEY = 'state';

const initialData = (): AppData => ({
  user: null,
  licence: null,
  context: { language: null, actualJobOffer: null, actualStatus: null, selectedStatuses: [] },
  maintenance: null,
  pendingRequests: 0,
  errors: [],
  exportProgress: null,
  emailDialog: null,
});

export const persistStorage = createThrottledStorage(
  {
    getItem: (name) => localStorage.getItem(name),
    setItem: (name, value) => {
      if (!holdsNothing(value))
        localStorage.setItem(name, withNewestTokens(value, localStorage.getItem(name)));
    },
    removeItem: (name) => localStorage.removeItem(name),
  },
  PERSIST_INTERVAL_MS,
);

/** The one client store (STYLE practice 6). Server data lives in the TanStack Query cache instead. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialData(),
      setUser: (user) => set({ user }),
      setTokens: (jwt, token, claims) =>
        set((state) => (state.user ? { user: { ...state.user, jwt, token, claims } } : {})),
      setLicence: (licence) => set({ licence }),
      setContext: (patch) => set((state) => ({ context: { ...state.context, ...patch } })),
      setMaintenance: (maintenance) => set({ maintenance }),
      requestStarted: () => set((state) => ({ pendingRequests: state.pendingRequests + 1 })),
      requestEnded: () => set((state) => ({ pendingRequests: Math.max(0, state.pendingRequests - 1) })),
      recordError: (error) =>
        set((state) => ({ errors: [...state.errors, { date: new Date(), error }].slice(-MAX_ERRORS) })),
      setExportProgress: (exportProgress) => set({ exportProgress }),
      openEmailDialog: (emailDialog) => set({ emailDialog }),
      closeEmailDialog: () => set({ emailDialog: null }),
      reset: () => set(({ pendingRequests }) => ({ ...initialData(), pendingRequests })),
    }),
    {
      name: STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => persistStorage),
      // Version 1 saved the licence under the wire's spelling, `license`; the code says `licence` (issue 7).
      migrate: (persisted, version) => {
        const saved = (persisted ?? {}) as Record<string, unknown>;
        if (version >= 2 || !('license' in saved)) return saved;
        const { license, ...rest } = saved;
        return { ...rest, licence: license };
      },
      // The user and the licence without its stats (SPEC section 9), and the chosen language (SPEC section 1).
      partialize: (state) => ({
        user: state.user,
        licence: state.licence ? withoutStats(state.licence) : null,
        context: { language: state.context.language },
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<AppData, 'user' | 'licence'>> & {
          context?: Partial<ClientContext>;
        };
        return {
          ...current,
          user: saved.user ?? null,
          licence: saved.licence ?? null,
          context: { ...current.context, language: saved.context?.language ?? null },
        };
      },
    },
  ),
);

/**
 * Whether a save holds no user, no licence and no chosen language: such a save is not written. Every change
 * of the store saves it, a request ending after logout included, and writing it would put an empty record back
 * where logout removed the key (SPEC section 4), or overwrite the session another tab of the browser saved.
 */
function holdsNothing(value: string): boolean {
  try {
    const saved = JSON.parse(value) as { state?: Partial<AppData> };
    const state = saved.state;
    return !state?.user && !state?.licence && !state?.context?.language;
  } catch {
    return false;
  }
}

/**
 * `value` to save, but with the token pair already saved when that one is newer for the same user: another tab
 * may have refreshed since this tab's state was written down, and a retired refresh token put back in storage
 * would be presented again by the next tab that opens, which the server takes for theft.
 */
function withNewestTokens(value: string, stored: string | null): string {
  const saved = readSavedUser(stored);
  if (!saved) return value;
  try {
    const next = JSON.parse(value) as { state?: { user?: SessionUser | null } };
    const user = next.state?.user;
    if (!user || user.claims?.sub !== saved.claims.sub || saved.claims.exp <= user.claims.exp) return value;
    next.state = {
      ...next.state,
      user: { ...user, jwt: saved.jwt, token: saved.token, claims: saved.claims },
    };
    return JSON.stringify(next);
  } catch {
    return value;
  }
}

/**
 * The signed-in user as saved in storage (`raw` is the saved text; by default what local storage holds now),
 * or null. Other tabs of the browser write there: a refresh in one tab is read here by the others.
 */
export function readSavedUser(raw: string | null = localStorage.getItem(STORAGE_KEY)): SessionUser | null {
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as { state?: { user?: SessionUser | null } };
    const user = saved.state?.user;
    return user && typeof user.jwt === 'string' && typeof user.token === 'string' && user.claims
      ? user
      : null;
  } catch {
    return null;
  }
}

function withoutStats(licence: SessionLicence): SessionLicence {
  const { stats: _stats, ...rest } = licence;
  return rest;
}

if (typeof window !== 'undefined') {
  // A refresh rotates the refresh token: a pending write must reach storage before the page goes away.
  window.addEventListener('pagehide', () => persistStorage.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistStorage.flush();
  });
}
