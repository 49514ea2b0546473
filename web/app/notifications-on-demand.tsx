import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';

// The toasts' container (and its transitions and styles) loads with the first toast: most pages,
// the public report and the login page among them, never show one.
const Notifications = lazy(() => import('./notifications-host'));

/** A container that failed to load (the app was deployed since) shows nothing rather than taking the page down. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mantine's toasts, mounted once something calls `notifications.show()` (toasts.ts): the store
 * keeps a toast shown before the container is there, and the container shows it when it mounts.
 */
export function NotificationsOnDemand({ autoClose, limit }: { autoClose: number; limit: number }) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Quiet>
      <Suspense fallback={null}>
        <Notifications position="top-right" autoClose={autoClose} limit={limit} />
      </Suspense>
    </Quiet>
  );
}
