import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_POSITION } from '../shared/notifications/toast';

/** Mantine's toasts, loaded with the first one (overlay-root.tsx). */
export function Toasts() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position={TOAST_POSITION} />;
}
