import { createNprogress, NavigationProgress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../shared/store/app-store';

/** SPEC section 9: the bar hides 250 ms after the last request ends. */
export const HIDE_DELAY_MS = 250;

const [progressStore, progress] = createNprogress();

/** The top loading bar, shown while any request is pending (SPEC section 2). */
export function TopLoadingBar() {
  const { t } = useTranslation();
  const pending = useAppStore((state) => state.pendingRequests > 0);
  const started = useRef(false);

  useEffect(() => {
    if (pending) {
      if (!started.current) progress.start();
      started.current = true;
      return;
    }
    if (!started.current) return;
    const timer = setTimeout(() => {
      started.current = false;
      progress.complete();
    }, HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return (
    <NavigationProgress
      store={progressStore}
      aria-label={t('common.loading')}
      data-loading={pending ? 'true' : 'false'}
    />
  );
}
