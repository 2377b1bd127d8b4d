import type { PanelContextBase } from '../common/panel';
import type { PreferencesRequests } from '../../src/preferences/protocol';

/** What the preferences panel's views need from the script around them. */
export type PanelContext = PanelContextBase<PreferencesRequests>;
