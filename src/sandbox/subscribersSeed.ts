// Seeded subscribers and their stored preferences. The first few are fixed fixtures; the rest vary
// with the seed but are always the same for the same seed.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, Prng, SEED_BASE_MS, SEED_END_MS, SUBSCRIBER_SPAN_DAYS, iso, objectId } from './random';
import type { JsonObject, StoredPreferences, Subscriber } from './types';

export const SUBSCRIBER_ID_TAG = 'c0ffee';

/** [display name, ASCII slug for emails] */
const FIRST_NAMES: readonly (readonly [string, string])[] = [
  ['Olivia', 'olivia'], ['Liam', 'liam'], ['Emma', 'emma'], ['Noah', 'noah'], ['Sofia', 'sofia'],
  ['Mateo', 'mateo'], ['Priya', 'priya'], ['Kenji', 'kenji'], ['Fatima', 'fatima'], ['Lucas', 'lucas'],
  ['Aisha', 'aisha'], ['Chen', 'chen'], ['Yuki', 'yuki'], ['Ana', 'ana'], ['John', 'john'],
  ['Zoë', 'zoe'], ['José', 'jose'], ['Søren', 'soren'], ['Łukasz', 'lukasz'], ['Ayşe', 'ayse'],
  ['Chloé', 'chloe'], ['Björn', 'bjorn'], ['Amélie', 'amelie'], ['Дмитрий', 'dmitry'], ['محمد', 'mohammed'],
  ['美咲', 'misaki'], ['Nguyễn', 'nguyen'], ['Renée', 'renee'], ['Oğuz', 'oguz'], ['Siobhán', 'siobhan'],
];
const LAST_NAMES: readonly (readonly [string, string])[] = [
  ['Smith', 'smith'], ['García', 'garcia'], ['Müller', 'mueller'], ['Rossi', 'rossi'], ['Kowalski', 'kowalski'],
  ['Nakamura', 'nakamura'], ['Silva', 'silva'], ['Okafor', 'okafor'], ['Dubois', 'dubois'], ['Johansson', 'johansson'],
  ['Øberg', 'oberg'], ['Yılmaz', 'yilmaz'], ['Петров', 'petrov'], ['王', 'wang'], ["O'Brien", 'obrien'],
  ['van der Berg', 'vanderberg'], ['Nguyen', 'nguyen'], ['Patel', 'patel'], ['Kim', 'kim'], ['Schmidt', 'schmidt'],
];
const DOMAINS = ['example.com', 'mail.example.org', 'corp.example.net', 'sandbox.example'] as const;
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es', 'pt-BR', 'ja-JP', 'zh-CN', 'it', 'nl-NL'] as const;
const TIMEZONES = [
  'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'UTC', 'America/Sao_Paulo',
  'Europe/London', 'Asia/Kolkata', 'Australia/Sydney', 'Africa/Lagos', 'America/Los_Angeles',
] as const;
const PLANS = ['free', 'pro', 'team', 'enterprise'] as const;
const SOURCES = ['web', 'ios', 'android', 'import', 'api'] as const;

interface Base {
  _organizationId: string;
  _environmentId: string;
  deleted: boolean;
  __v: number;
}

function fixtureSubscribers(): (SubscriberFields & { subscriberId: string })[] {
  return [
    {
      subscriberId: F.notificationSubscriberId,
      firstName: 'Alice',
      lastName: 'Sandbox',
      email: F.notificationSubscriberEmail,
      phone: '+15555550100',
      locale: 'en-US',
      timezone: 'America/New_York',
      avatar: 'https://avatars.sandbox.example/alice.png',
      data: { plan: 'enterprise', company: 'Sandbox Inc.', seats: 120 },
      channels: [
        {
          providerId: 'slack',
          integrationIdentifier: 'slack-dev',
          credentials: { webhookUrl: 'https://hooks.slack.example/services/T000/B000/sandbox' },
          _integrationId: '6615c0ffee00000000e10006',
        },
      ],
      isOnline: true,
      lastOnlineAt: iso(SEED_END_MS - DAY_MS),
    },
    {
      subscriberId: F.htmlNameSubscriberId,
      firstName: F.htmlName,
      lastName: '<b>Bold</b> & "quoted"',
      email: 'html@sandbox.example',
      data: { bio: '<script>alert("data")</script>', link: 'javascript:alert(1)' },
    },
    {
      subscriberId: F.markupSubscriberId,
      firstName: F.markupFirstName,
      lastName: F.markupLastName,
      email: 'markup@sandbox.example',
      data: { note: '**not bold** [not a link](command:workbench.action.quit)' },
    },
    { subscriberId: F.noNameSubscriberId, email: 'noname@sandbox.example' },
    {
      subscriberId: F.unicodeSubscriberId,
      firstName: 'Zoë 🎉',
      lastName: 'Ørsted-李小龙',
      email: 'zoe@xn--bcher-kva.example',
      phone: '+41 44 668 18 00',
      locale: 'de-CH',
      timezone: 'Europe/Zurich',
      data: { city: 'Zürich', greeting: 'こんにちは', rtl: 'مرحبا' },
    },
    {
      subscriberId: F.preferencesSubscriberId,
      firstName: 'Sam',
      lastName: 'Schedule',
      email: 'sam.schedule@sandbox.example',
      locale: 'en-GB',
      timezone: 'Europe/London',
    },
  ];
}

type SubscriberFields = Omit<Subscriber, '_id' | 'subscriberId' | 'createdAt' | 'updatedAt' | keyof Base>;

/** Fills the optional fields of a generated subscriber in place (no spreads: this runs 100,000 times). */
function fillGenerated(s: Subscriber, i: number, rng: Prng, first: readonly [string, string], last: readonly [string, string], email: string | undefined): void {
  if (rng.chance(0.94)) {
    s.firstName = first[0];
    // Some records carry explicit nulls, as the service sends for fields cleared by an update.
    if (rng.chance(0.9)) s.lastName = last[0];
    else if (rng.chance(0.5)) s.lastName = null;
  }
  if (email) s.email = email;
  if (rng.chance(0.7)) {
    const kind = rng.int(0, 2);
    s.phone =
      kind === 0
        ? `+1555${rng.int(1000000, 9999999)}`
        : kind === 1
          ? `+44 7700 900${rng.int(100, 999)}`
          : `+49 151 ${rng.int(10000000, 99999999)}`;
  } else if (rng.chance(0.1)) {
    s.phone = null;
  }
  if (rng.chance(0.8)) s.locale = rng.pick(LOCALES);
  if (rng.chance(0.7)) s.timezone = rng.pick(TIMEZONES);
  if (rng.chance(0.3)) s.avatar = `https://avatars.sandbox.example/${i}.png`;
  if (rng.chance(0.6)) {
    const data: JsonObject = { plan: rng.pick(PLANS), signupSource: rng.pick(SOURCES), score: rng.int(0, 100) };
    if (rng.chance(0.3)) data['tags'] = ['beta', rng.pick(PLANS)];
    if (rng.chance(0.2)) data['preferences'] = { newsletter: rng.chance(0.5), theme: rng.chance(0.5) ? 'dark' : 'light' };
    s.data = data;
  }
  if (rng.chance(0.4)) {
    s.isOnline = rng.chance(0.3);
    s.lastOnlineAt = iso(SEED_END_MS - rng.int(0, 60) * DAY_MS);
  }
  if (rng.chance(0.08)) {
    s.channels = [
      rng.chance(0.5)
        ? {
            providerId: 'slack',
            integrationIdentifier: 'slack-dev',
            credentials: { webhookUrl: `https://hooks.slack.example/services/T${i}/B000/x` },
            _integrationId: '6615c0ffee00000000e10006',
          }
        : {
            providerId: 'fcm',
            integrationIdentifier: 'fcm-dev',
            credentials: { deviceTokens: [`fcm-token-${rng.hex(16)}`] },
            _integrationId: '6615c0ffee00000000e10005',
          },
    ];
  }
}

function generatedSubscriberId(i: number, rng: Prng, email: string | undefined): string {
  switch (i % 4) {
    case 0:
      if (email) return email;
      return `user_${i.toString().padStart(6, '0')}`;
    case 1:
      return `user_${i.toString().padStart(6, '0')}`;
    case 2:
      return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-a${rng.hex(3)}-${i.toString(16).padStart(12, '0')}`;
    default:
      return `acct-${i}`;
  }
}

export interface SeededSubscribers {
  subscribers: Subscriber[];
  preferences: Map<string, StoredPreferences>;
}

/** Builds `count` subscribers (at least the fixtures), ordered by `_id` = creation order. */
export function seedSubscribers(count: number, rng: Prng, workflowIds: readonly string[]): SeededSubscribers {
  const fixtures = fixtureSubscribers();
  const total = Math.max(count, fixtures.length);
  const stepMs = (SUBSCRIBER_SPAN_DAYS * DAY_MS) / total;
  const subscribers: Subscriber[] = new Array<Subscriber>(total);
  const preferences = new Map<string, StoredPreferences>();
  for (let i = 0; i < total; i++) {
    const createdMs = SEED_BASE_MS + Math.floor((i + rng.next() * 0.9) * stepMs);
    const updatedMs = rng.chance(0.5) ? createdMs : Math.min(SEED_END_MS, createdMs + rng.int(1, 30 * 24 * 60) * 60_000);
    const fixture = fixtures[i];
    let email: string | undefined;
    let subscriberId: string;
    let first: readonly [string, string] = ['', ''];
    let last: readonly [string, string] = ['', ''];
    if (fixture) {
      subscriberId = fixture.subscriberId;
    } else {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
      const domain = rng.pick(DOMAINS);
      email = rng.chance(0.9) ? `${first[1]}.${last[1]}${i}@${domain}` : undefined;
      subscriberId = generatedSubscriberId(i, rng, email);
    }
    const s: Subscriber = {
      _id: objectId(createdMs, SUBSCRIBER_ID_TAG, i),
      subscriberId,
      _organizationId: F.organizationId,
      _environmentId: F.developmentEnvironmentId,
      deleted: false,
      createdAt: iso(createdMs),
      updatedAt: iso(updatedMs),
      __v: 0,
    };
    if (fixture) Object.assign(s, fixture);
    else fillGenerated(s, i, rng, first, last, email);
    subscribers[i] = s;
    if (!fixture && rng.chance(0.05)) {
      const wf = rng.pick(workflowIds);
      preferences.set(subscriberId, {
        globalChannels: rng.chance(0.5) ? { sms: false } : {},
        workflows: new Map([[wf, { channels: { email: rng.chance(0.5), in_app: true }, updatedAt: s.updatedAt }]]),
      });
    }
  }
  const scheduledAt = iso(SEED_END_MS - 10 * DAY_MS);
  const workHours = { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] };
  preferences.set(F.preferencesSubscriberId, {
    globalChannels: { sms: false, push: true },
    schedule: {
      isEnabled: true,
      weeklySchedule: {
        monday: workHours,
        tuesday: workHours,
        wednesday: { isEnabled: true, hours: [{ start: '9:00 AM', end: '12:00 PM' }, { start: '01:00 PM', end: '06:30 PM' }] },
        thursday: workHours,
        friday: { isEnabled: true, hours: [{ start: '10:00 AM', end: '03:00 PM' }] },
        saturday: { isEnabled: false, hours: [] },
      },
    },
    workflows: new Map([
      ['6615c0ffee00000000f10001', { channels: { email: false }, updatedAt: scheduledAt }],
      ['6615c0ffee00000000f10003', { enabled: true, channels: { in_app: false, email: true }, updatedAt: scheduledAt }],
      ['6615c0ffee00000000f10007', { channels: { email: true }, updatedAt: scheduledAt }],
    ]),
  });
  return { subscribers, preferences };
}
