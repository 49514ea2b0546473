import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' container and its styles: a chunk of their own (notifications-on-demand.tsx). */
export default Notifications;
