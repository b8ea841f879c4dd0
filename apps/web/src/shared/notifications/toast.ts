import { notifications } from '@mantine/notifications';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';

const COLORS: Record<ToastKind, string> = { error: 'red', warning: 'orange', success: 'teal', info: 'blue' };

/** How long a toast stays (SPEC section 9). */
export const TOAST_DURATION_MS = 5_000;
/** At most this many toasts at once, the newest at the top right (app/overlay-root.tsx). */
export const TOAST_LIMIT = 5;
export const TOAST_POSITION = 'top-right' as const;

/**
 * Shows a toast. Its id is derived from its kind and text, so the same toast is never shown twice at once
 * (Mantine ignores a notification whose id is already displayed).
 */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  notifications.show({
    id: `toast-${kind}-${message}`,
    message,
    color: COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
  });
}
