/**
 * Compare Environments' own bundle (dist/environments.js): the picks, the reads of both sides, the
 * comparison's view and its diff documents. The extension loads it with the first of its commands,
 * never at activation: dist/extension.js stays small.
 */
export { EnvironmentsFeature } from './environments/environmentsFeature';
