/**
 * Who a send reaches and what their Inbox shows (issue 55), in one bundle (dist/audience.js): the
 * Topics and Contexts views with their commands, the dry run's panel, and the Inbox panel. The
 * extension loads it when one of these views is first shown, or one of their commands or panels is
 * first used, not at activation (dist/extension.js stays small).
 */
export { TopicsFeature } from './topics/topicsFeature';
export { ContextsFeature } from './contexts/contextsFeature';
export { InboxPanel } from './inbox/inboxPanel';
export { InboxCommands } from './inbox/inboxCommands';
