import { Type, type Static, type TSchema } from '@sinclair/typebox';

// The console's admin API (`/__emulator/api/…`, what `emulator.admin` does), declared once with
// its schemas, as the contract declares the platform's: the routes (routes.ts) validate bodies
// with them, the log, fault and admin modules take their types from them, the console page
// imports the types, and a test checks every answer against them (adminApi.test.ts).

/** A conformance verdict: the answer matched its endpoint's schema, did not, or has none. */
export const Verdict = Type.Union([
  Type.Object({ verdict: Type.Literal('conforms') }),
  Type.Object({ verdict: Type.Literal('mismatch'), problems: Type.Array(Type.String()) }),
  Type.Object({ verdict: Type.Literal('not checked'), why: Type.String() }),
]);
export type Verdict = Static<typeof Verdict>;

/** One request as the console shows it. */
export const RequestSummary = Type.Object({
  /** Increases by one per request; the log's key. */
  seq: Type.Integer({ minimum: 1 }),
  /** When it was answered, on the host's clock (epoch ms). */
  at: Type.Number(),
  method: Type.String(),
  path: Type.String(),
  /** The backend (`shell`, `session`, …) by its base path, or `other`. */
  service: Type.String(),
  /** The contract operation as `<group>.<name>`, when one matches. */
  operation: Type.Optional(Type.String()),
  status: Type.Integer(),
  durationMs: Type.Number(),
  requestId: Type.String(),
  /** The signed-in persona's display name, when the request carried a known credential. */
  persona: Type.Optional(Type.String()),
  conformance: Verdict,
});
export type RequestSummary = Static<typeof RequestSummary>;

/** A request with both bodies, secrets and tokens redacted (or why a body is not shown). */
export const RequestDetail = Type.Composite([
  RequestSummary,
  Type.Object({
    requestBody: Type.Optional(Type.Unknown()),
    responseBody: Type.Optional(Type.Unknown()),
  }),
]);
export type RequestDetail = Static<typeof RequestDetail>;

/** Which requests a list shows: by service, status (`404`, or a class such as `4xx`), persona. */
export const RequestFilter = Type.Object({
  service: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  persona: Type.Optional(Type.String()),
});
export type RequestFilter = Static<typeof RequestFilter>;

/** The emulator as the console's header shows it. */
export const EmulatorState = Type.Object({
  /** The emulator's time (epoch ms): the host's plus the console's advance. */
  now: Type.Number(),
  offsetMs: Type.Number({ minimum: 0 }),
  /** Whether any fault of any kind is on. */
  faultsActive: Type.Boolean(),
  /** How many faults of each kind are on: switched-on rules (the console's and scripted ones) and published extensions with a failing address. */
  faults: Type.Object({
    rules: Type.Integer({ minimum: 0 }),
    extensions: Type.Integer({ minimum: 0 }),
  }),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  /**
   * The process that answered (its `X-Emulator-Replica`): the request log is this process's
   * own, every other setting the database's (decision 1221).
   */
  replica: Type.String(),
  /** Every contract operation as `<group>.<name>`. */
  operations: Type.Array(Type.String()),
});
export type EmulatorState = Static<typeof EmulatorState>;

/** The emulator's time after a change of the clock. */
export const ClockAnswer = Type.Object({ now: Type.Number(), offsetMs: Type.Number() });
export type ClockAnswer = Static<typeof ClockAnswer>;

const positive = Type.Number({ exclusiveMinimum: 0 });
/** Moves the clock by one positive amount of minutes, hours or days (at most 3,650 days). */
export const ClockAdvance = Type.Union(
  [
    Type.Object({ minutes: positive }, { additionalProperties: false }),
    Type.Object({ hours: positive }, { additionalProperties: false }),
    Type.Object({ days: positive }, { additionalProperties: false }),
  ],
  { description: "advance by one of 'minutes', 'hours' or 'days', a positive number" },
);
export type ClockAdvance = Static<typeof ClockAdvance>;

/** A fault the console (or a script) switched on: latency, an error answer, or both. */
export const FaultRule = Type.Object({
  id: Type.String(),
  /** A contract operation as `<group>.<name>`, e.g. `shell.getProductsWithLicenses`… */
  operation: Type.Optional(Type.String()),
  /** …or a path pattern, `*` matching any characters, e.g. `/shell-service/api/v1/*`. */
  path: Type.Optional(Type.String({ maxLength: 500 })),
  /** The answer's status; below 400 the request is only delayed, then answered as usual. */
  status: Type.Integer({ minimum: 200, maximum: 599 }),
  delayMs: Type.Number({ minimum: 0, maximum: 60_000 }),
  /** The platform error body's `code`, e.g. `SS_001`. */
  code: Type.String({ pattern: '^[A-Z0-9_]{1,40}$' }),
  message: Type.String({ maxLength: 500 }),
  enabled: Type.Boolean(),
  /** How many more requests it applies to before it ends by itself; unset, until removed. */
  times: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  /** Whether pages carry the faults banner while it is on: yes for the console's rules. */
  banner: Type.Boolean(),
});
export type FaultRule = Static<typeof FaultRule>;

/**
 * A new rule, or a change to one: every field of a rule but its id, each optional. A new rule
 * names exactly one of `operation` and `path`; how its fields fit together is checked by
 * `FaultRules` (a 400 naming the field).
 */
export const FaultInput = Type.Partial(Type.Omit(FaultRule, ['id']), {
  additionalProperties: false,
});
export type FaultInput = Static<typeof FaultInput>;

/** A persona as the console lists it: who, in which organisation, with which roles and licences. */
export const PersonaSummary = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  organisation: Type.String(),
  roles: Type.Array(Type.String()),
  /** Products the persona is licensed for, with the licence's state (`active`, `expired`, …). */
  licences: Type.Array(Type.Object({ product: Type.String(), state: Type.String() })),
  /** Products on trial, with the days left. */
  trials: Type.Array(Type.Object({ product: Type.String(), daysLeft: Type.Integer() })),
});
export type PersonaSummary = Static<typeof PersonaSummary>;

/** A live session; `ref` names it (the JWTs' `sid`) without revealing the cookie value. */
export const SessionSummary = Type.Object({
  ref: Type.String(),
  userId: Type.String(),
  displayName: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});
export type SessionSummary = Static<typeof SessionSummary>;

/** A saved state: a name, when it was saved (host clock, epoch ms) and its size in rows. */
export const StateSummary = Type.Object({
  name: Type.String(),
  savedAt: Type.Number(),
  rows: Type.Integer({ minimum: 0 }),
});
export type StateSummary = Static<typeof StateSummary>;

/** The name a state is saved under: 1–60 letters, digits, spaces, `.`, `-` or `_`. */
export const StateName = Type.Object(
  {
    name: Type.String({
      pattern: '^(?=.*\\S)[\\w .-]{1,60}$',
      description: "a state's name is 1–60 letters, digits, spaces, '.', '-' or '_'",
    }),
  },
  { additionalProperties: false },
);
export type StateName = Static<typeof StateName>;

/**
 * A state as a file a team commits (`platform-emulator state save`, the console's download):
 * every data table's rows, in JSON, with the format's version, the emulator's that wrote it and
 * the migrations its rows are shaped by (decision 1132).
 */
export const StateFile = Type.Object({
  format: Type.Literal('ics-platform-emulator-state'),
  formatVersion: Type.Integer({ minimum: 1 }),
  /** The version of `@ics/platform-emulator` that wrote it. */
  emulatorVersion: Type.String(),
  name: Type.String(),
  /** When it was saved (ISO 8601, the host's clock). */
  savedAt: Type.String(),
  /** The ids of the migrations its rows are shaped by. */
  migrations: Type.Array(Type.Integer()),
  tables: Type.Array(Type.Object({ name: Type.String(), rows: Type.Array(Type.Unknown()) })),
  sequences: Type.Array(
    Type.Object({
      name: Type.String(),
      value: Type.String({ pattern: '^\\d+$' }),
      called: Type.Boolean(),
    }),
  ),
});
export type StateFile = Static<typeof StateFile>;

/** How a published extension's address fails on purpose (the console's Extensions panel). */
export const ExtensionFault = Type.Union([
  Type.Literal('404'),
  Type.Literal('timeout'),
  Type.Literal('integrity'),
]);
export type ExtensionFault = Static<typeof ExtensionFault>;

/** One extension published with `--extension` (or `extensions`), as the console lists it. */
export const PublishedExtension = Type.Object({
  product: Type.String(),
  name: Type.String(),
  version: Type.String(),
  /** The folder served (the entry's), on this machine. */
  folder: Type.String(),
  publicPath: Type.String(),
  resourceUrl: Type.String(),
  fallbackUrl: Type.String(),
  /** The fault on its addresses, if any. */
  fault: Type.Optional(ExtensionFault),
  /** Whether the fault hits the fallback address too (then the extension cannot load). */
  fallbackToo: Type.Optional(Type.Boolean()),
});
export type PublishedExtension = Static<typeof PublishedExtension>;

/** A fault for an extension's primary address (and its fallback too, if asked); `null` heals it. */
const ExtensionFaultInput = Type.Object(
  {
    fault: Type.Union([ExtensionFault, Type.Null()], {
      description: "'fault' is '404', 'timeout', 'integrity' or null",
    }),
    fallbackToo: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** One way an upstream answer differed from the contract (proxy mode, decision 1141). */
const DriftItem = Type.Object({
  /** The upstream's status. */
  status: Type.Integer(),
  /** Where: `status`, `header Content-Type`, `body.value.0.id`. */
  location: Type.String(),
  /** What the contract says there. */
  expected: Type.String(),
  /** What came back, redacted and shortened. */
  actual: Type.String(),
  /** The request id of the latest answer that showed it (also in both processes' logs). */
  requestId: Type.String(),
  /** How many answers showed it. */
  seen: Type.Integer({ minimum: 1 }),
  firstAt: Type.String(),
  lastAt: Type.String(),
});

/** What proxy mode saw of the upstream: a summary and each operation with its drift. */
export const DriftReport = Type.Object({
  /** The upstream's base URL; absent when the emulator is not a proxy. */
  upstream: Type.Optional(Type.String()),
  summary: Type.Object({
    operationsSeen: Type.Integer({ minimum: 0 }),
    conforming: Type.Integer({ minimum: 0 }),
    inDrift: Type.Integer({ minimum: 0 }),
  }),
  operations: Type.Array(
    Type.Object({
      operation: Type.String(),
      answers: Type.Integer({ minimum: 1 }),
      /** How many of its answers had any drift. */
      drifting: Type.Integer({ minimum: 0 }),
      lastStatus: Type.Integer(),
      drift: Type.Array(DriftItem),
    }),
  ),
});
export type DriftReport = Static<typeof DriftReport>;

/** One operation of the admin API: method, path under `/__emulator/api`, body and answer. */
export interface AdminOperation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: TSchema;
  /** The answer's schema; none for a 204. */
  readonly answer?: TSchema;
  /** The largest body accepted, in bytes, where it is not Fastify's 1 MiB. */
  readonly bodyLimit?: number;
}

/** Every operation of the admin API. */
export const adminApi = {
  state: { method: 'GET', path: '/state', answer: EmulatorState },
  listRequests: { method: 'GET', path: '/requests', answer: Type.Array(RequestSummary) },
  /** Server-sent events, one `request` event (a `RequestSummary`) per request logged from now on. */
  streamRequests: { method: 'GET', path: '/requests/stream' },
  getRequest: { method: 'GET', path: '/requests/:seq', answer: RequestDetail },
  advanceClock: { method: 'POST', path: '/clock/advance', body: ClockAdvance, answer: ClockAnswer },
  resetClock: { method: 'POST', path: '/clock/reset', answer: ClockAnswer },
  listFaults: { method: 'GET', path: '/faults', answer: Type.Array(FaultRule) },
  addFault: { method: 'POST', path: '/faults', body: FaultInput, answer: FaultRule },
  changeFault: { method: 'PATCH', path: '/faults/:id', body: FaultInput, answer: FaultRule },
  removeFault: { method: 'DELETE', path: '/faults/:id' },
  listPersonas: { method: 'GET', path: '/personas', answer: Type.Array(PersonaSummary) },
  signInAs: { method: 'POST', path: '/personas/:id/sign-in' },
  listSessions: { method: 'GET', path: '/sessions', answer: Type.Array(SessionSummary) },
  endSession: { method: 'DELETE', path: '/sessions/:ref' },
  listStates: { method: 'GET', path: '/states', answer: Type.Array(StateSummary) },
  saveState: { method: 'POST', path: '/states', body: StateName, answer: StateSummary },
  restoreState: { method: 'POST', path: '/states/:name/restore' },
  resetToSeed: { method: 'POST', path: '/states/reset' },
  /** A saved state as a file to keep (`Content-Disposition: attachment`). */
  downloadState: { method: 'GET', path: '/states/:name/file', answer: StateFile },
  /**
   * Loads a state file (its body, checked by `parseStateFile`: a newer or broken file is a 400
   * saying why), replacing the data, and keeps it under its name.
   */
  loadState: {
    method: 'POST',
    path: '/states/file',
    answer: StateSummary,
    bodyLimit: 256 * 1024 * 1024,
  },
  listExtensions: { method: 'GET', path: '/extensions', answer: Type.Array(PublishedExtension) },
  setExtensionFault: {
    method: 'PUT',
    path: '/extensions/:product/:name/fault',
    body: ExtensionFaultInput,
    answer: PublishedExtension,
  },
  /** Proxy mode: operations seen, conforming, in drift, and each drift entry by operation. */
  getDrift: { method: 'GET', path: '/drift', answer: DriftReport },
  /** Forgets the drift seen so far (a new run starts clean). */
  clearDrift: { method: 'DELETE', path: '/drift' },
} as const satisfies Record<string, AdminOperation>;
