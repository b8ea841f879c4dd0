import { browserLanguage, isLanguage, switchLanguage } from '../shared/i18n/i18n';
import { useAppStore } from '../shared/store/app-store';

/**
 * A language stored in the client context overrides the browser's (SPEC section 1). Applied at start from the
 * restored store and whenever the context changes; clearing it (logout) returns to the detected language.
 * Resolves once the first language's texts are in, so the first screen shows in it rather than in English for
 * a moment; if they cannot be fetched, the interface stays in English.
 */
export function followContextLanguage(): Promise<void> {
  const detected = browserLanguage();
  const apply = (language: string | null) =>
    switchLanguage(isLanguage(language) ? language : detected).catch(() => undefined);
  useAppStore.subscribe((state, previous) => {
    if (state.context.language !== previous.context.language) void apply(state.context.language);
  });
  return apply(useAppStore.getState().context.language);
}
