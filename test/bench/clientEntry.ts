/** NovuClient alone (what the SDK bundle is compared with): the same operations, no UI. */
export { NovuClient } from '../../src/api';
