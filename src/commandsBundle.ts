/**
 * The commands' own bundle (dist/commands.js): what the palette, the views' actions and deep links
 * run (connections, subscribers, integrations, notifications, Activity's actions, the URI handler).
 * The extension loads it when the first of them runs, not at activation, which keeps
 * dist/extension.js small: the views can show their rows without it.
 */
export { ConnectionCommands } from './connections/connectionCommands';
// The status bar's "not encrypted" note for a self-hosted http:// service (the address rule with it).
export { sendsKeyInClear } from './connections/connection';
export { SubscriberCommands } from './subscribers/subscriberCommands';
export { IntegrationCommands } from './integrations/integrationCommands';
export { NotificationCommands } from './notifications/notificationCommands';
export { ActivityCommands } from './activity/activityCommands';
export { NovuUriHandler } from './uriHandler';
// Quick picks and input boxes: made when the first prompt shows.
export { VsCodePrompter } from './ui/prompter';
// `npm run demo`'s first screen: loaded at activation only when the demo asks for it.
export { openDemo } from './demo';
