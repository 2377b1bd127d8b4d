// The organization's environments on the wire (contract §10.1): `GET /v1/environments/me` (the key's
// own, without `apiKeys`) and `GET /v1/environments` (all, as the service sends its stored entities:
// the caller's own entry holds its decrypted key in `apiKeys`, the others `[]`, and the extra fields
// a client must drop). Every `type` is "dev", as on a server whose new change mechanism is off, so
// a client has to tell Production by `_parentId`.
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { Environment } from './types';

export function environmentWire(env: Environment, callerKey?: string): Record<string, unknown> {
  const production = env._id === F.productionEnvironmentId;
  return {
    _id: env._id,
    name: env.name,
    _organizationId: F.organizationId,
    // The application identifier an Inbox session names (contract §13), not the `_id`.
    identifier: production ? F.productionApplicationIdentifier : F.developmentApplicationIdentifier,
    ...(production ? { _parentId: F.developmentEnvironmentId } : {}),
    type: 'dev',
    color: production ? '#ff8547' : '#7e52f4',
    widget: { notificationCenterEncryption: false },
    dns: { inboundParseDomain: '' },
    echo: { url: '' },
    bridge: { url: '' },
    ...(callerKey !== undefined ? { apiKeys: callerKey === '' ? [] : [{ key: callerKey, _userId: '6615c0ffee0000000000b001', hash: 'sandbox-hash' }] } : {}),
    createdAt: '2024-06-01T08:00:00.000Z',
    updatedAt: '2024-06-01T08:00:00.000Z',
  };
}
