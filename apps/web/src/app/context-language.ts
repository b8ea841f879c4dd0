import { i18n } from '../shared/i18n/i18n';
import { useAppStore } from '../shared/store/app-store';

/**
 * A language stored in the client context overrides the browser's (SPEC section 1). Applied at start from the
 * restored store and whenever the context changes; clearing it (logout) returns to the detected language.
 */
export function followContextLanguage(): void {
  const detected = i18n.resolvedLanguage ?? 'en';
  const apply = (language: string | null) => {
    const target = language ?? detected;
    if (i18n.resolvedLanguage !== target) void i18n.changeLanguage(target);
  };
  apply(useAppStore.getState().context.language);
  useAppStore.subscribe((state, previous) => {
    if (state.context.language !== previous.context.language) apply(state.context.language);
  });
}
