import type { JwtIssuer } from '../auth/jwt.ts';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { TrialDaysPassed } from '../db/products.ts';
import type { PublishedExtensions } from '../extensions/publishedExtensions.ts';
import type { ContractRouter } from './router.ts';

/** What the route groups are built from: one object, made once by `createEmulator`. */
export interface RouteDeps {
  readonly db: Database;
  /** Where every time decision reads the time (the console's clock). */
  readonly clock: EmulatorClock;
  /** The HS256 key of the platform's JWTs (bearer-token routes verify with it). */
  readonly jwtSecret: string;
  /** Issues and renews the platform's JWTs. */
  readonly tokens: JwtIssuer;
  readonly sessionLifetimeSeconds: number;
  readonly trialDaysPassed: TrialDaysPassed;
  /** Published in the shell config when given. */
  readonly saasBaseURL?: string;
  /** Published with product contributions when given. */
  readonly maintenanceWindowEnd?: string;
  /** The extensions published per product (`--extension`). */
  readonly extensions?: PublishedExtensions;
}

/** A route group: installs one service's endpoints on the router. Every group has this shape. */
export type RouteGroup = (router: ContractRouter, deps: RouteDeps) => void;
