/**
 * "Your app"'s own bundle (dist/app.js): the app's state and row, the drift and the sync. The
 * extension loads it when the Workflows view first shows the app's row or a command of it runs,
 * never at activation: dist/extension.js stays small.
 */
export { AppFeature } from './app/appFeature';
