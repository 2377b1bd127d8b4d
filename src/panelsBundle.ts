/**
 * The panels' own bundle (dist/panels.js): the notification and preferences panels with their
 * view-models and protocols. The extension loads it the first time a panel opens, not at
 * activation, which keeps dist/extension.js small.
 */
export { NotificationPanel } from './notifications/notificationPanel';
export { PreferencesPanel } from './preferences/preferencesPanel';
