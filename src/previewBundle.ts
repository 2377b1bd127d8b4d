/**
 * The preview's own bundle (dist/preview.js): the bridge client, the preview panels and their
 * lenses. The extension loads it when code awareness starts (for the lenses) or a preview command
 * runs, never at activation: dist/extension.js stays small.
 */
export { PreviewFeature } from './preview/previewFeature';
// The app's state says a bridge failure and a bridge URL in the same words as the preview.
export { bridgeHost, failureWords } from './rendered/previewWords';
