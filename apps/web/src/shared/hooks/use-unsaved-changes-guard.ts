import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useBlocker } from 'react-router';

type IsLeaving = (current: Location, next: Location) => boolean;

/** By default any change of path or query string leaves the form (a list around it reloads). */
const pathOrQueryChanges: IsLeaving = (current, next) =>
  current.pathname !== next.pathname || current.search !== next.search;

/**
 * Asks 'You have unsaved changes. Are you sure you want to quit?' before leaving a form with unsaved changes
 * (SPEC section 2): in-app navigation is held by the router and confirmed; closing or reloading the tab gets the
 * browser's own prompt (browsers no longer show a page's text there). A form that survives some address changes
 * (one whose open state lives in the query string) says which changes really leave it with `isLeaving`.
 */
export function useUnsavedChangesGuard(dirty: boolean, isLeaving: IsLeaving = pathOrQueryChanges): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && isLeaving(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('common.unsavedChanges'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t('common.unsavedChanges');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, t]);
}
