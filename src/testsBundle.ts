/**
 * The notification tests' own bundle (dist/tests.js): the Test Explorer's controller, its runs and
 * the runner with caniemail's data. The extension loads it when the workspace has a case file (or
 * one appears) or Update Snapshot is asked for, never at activation: dist/extension.js stays small.
 */
export { TestExplorer } from './testExplorer/testExplorer';
