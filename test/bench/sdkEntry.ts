/** The official SDK's standalone functions for the same operations as NovuClient, for bundle size only. */
export { NovuCore } from '@novu/api/core.js';
export { subscribersSearch } from '@novu/api/funcs/subscribersSearch.js';
export { subscribersCreate } from '@novu/api/funcs/subscribersCreate.js';
export { subscribersPreferencesList } from '@novu/api/funcs/subscribersPreferencesList.js';
export { subscribersPreferencesUpdate } from '@novu/api/funcs/subscribersPreferencesUpdate.js';
export { integrationsListActive } from '@novu/api/funcs/integrationsListActive.js';
export { notificationsRetrieve } from '@novu/api/funcs/notificationsRetrieve.js';
