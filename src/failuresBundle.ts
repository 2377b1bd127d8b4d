/**
 * Failures by Cause's own bundle (dist/failures.js): the panel, the window's reading and the
 * grouping. The extension loads it when the panel first opens, not at activation.
 */
export { FailuresPanel } from './failures/failuresPanel';
export { createGrouping } from './failures/grouping';
export { ResendMemory } from './failures/resendMemory';
export { windowArgument } from './failures/windows';
