import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Language } from '../i18n/i18n';
import type { SessionClaims, SessionLicense, SessionUser } from '../session/types';
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

export interface ErrorEntry {
  date: Date;
  error: Error;
}

interface AppData {
  user: SessionUser | null;
  license: SessionLicense | null;
  context: ClientContext;
  maintenance: Maintenance | null;
  pendingRequests: number;
  errors: ErrorEntry[];
  exportProgress: number | null;
}

interface AppActions {
  setUser(user: SessionUser): void;
  setTokens(jwt: string, token: string, claims: SessionClaims): void;
  setLicense(license: SessionLicense): void;
  setContext(patch: Partial<ClientContext>): void;
  setMaintenance(maintenance: Maintenance | null): void;
  requestStarted(): void;
  requestEnded(): void;
  recordError(error: Error): void;
  setExportProgress(progress: number | null): void;
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
  license: null,
  context: { language: null, actualJobOffer: null, actualStatus: null, selectedStatuses: [] },
  maintenance: null,
  pendingRequests: 0,
  errors: [],
  exportProgress: null,
});

export const persistStorage = createThrottledStorage(
  {
    getItem: (name) => localStorage.getItem(name),
    setItem: (name, value) => localStorage.setItem(name, value),
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
      setLicense: (license) => set({ license }),
      setContext: (patch) => set((state) => ({ context: { ...state.context, ...patch } })),
      setMaintenance: (maintenance) => set({ maintenance }),
      requestStarted: () => set((state) => ({ pendingRequests: state.pendingRequests + 1 })),
      requestEnded: () => set((state) => ({ pendingRequests: Math.max(0, state.pendingRequests - 1) })),
      recordError: (error) =>
        set((state) => ({ errors: [...state.errors, { date: new Date(), error }].slice(-MAX_ERRORS) })),
      setExportProgress: (exportProgress) => set({ exportProgress }),
      reset: () => set(({ pendingRequests }) => ({ ...initialData(), pendingRequests })),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => persistStorage),
      // The user and the licence without its stats (SPEC section 9), and the chosen language (SPEC section 1).
      partialize: (state) => ({
        user: state.user,
        license: state.license ? withoutStats(state.license) : null,
        context: { language: state.context.language },
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<AppData, 'user' | 'license'>> & {
          context?: Partial<ClientContext>;
        };
        return {
          ...current,
          user: saved.user ?? null,
          license: saved.license ?? null,
          context: { ...current.context, language: saved.context?.language ?? null },
        };
      },
    },
  ),
);

function withoutStats(license: SessionLicense): SessionLicense {
  const { stats: _stats, ...rest } = license;
  return rest;
}

if (typeof window !== 'undefined') {
  // A refresh rotates the refresh token: a pending write must reach storage before the page goes away.
  window.addEventListener('pagehide', () => persistStorage.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistStorage.flush();
  });
}
