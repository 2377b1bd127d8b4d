/**
 * The panels' own bundle (dist/panels.js): the notification, preferences and diagnosis panels with
 * their view-models and protocols, the diagnosis's questions, and Send Again (its review, checks and follow-up). The extension loads
 * it the first time a panel opens or Send Again is chosen, not at activation, which keeps
 * dist/extension.js small.
 */
export { NotificationPanel } from './notifications/notificationPanel';
export { PreferencesPanel } from './preferences/preferencesPanel';
export { readPreferences } from './preferences/preferencesRead';
export { DiagnosisPanel } from './diagnosis/diagnosisPanel';
export { DiagnosisCommands } from './diagnosis/diagnosisCommands';
export { SendAgain } from './sendAgain/sendAgain';
export { sendAgainProblem } from './format/triggerBody';
