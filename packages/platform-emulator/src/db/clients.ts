import type { Queryable } from './database.ts';

/** An OAuth client of the platform: its id, display name and attributes. */
export interface AuthClient {
  readonly clientId: string;
  readonly name: string;
  readonly attributes: Record<string, string>;
}

export async function findClient(db: Queryable, clientId: string): Promise<AuthClient | undefined> {
  const [row] = await db.query<{
    client_id: string;
    name: string;
    attributes: Record<string, string>;
  }>('select client_id, name, attributes from auth_clients where client_id = $1', [clientId]);
  return row && { clientId: row.client_id, name: row.name, attributes: row.attributes };
}

/** Whether tokens may be issued for this client id (a configured client). */
export const isClientId = async (db: Queryable, clientId: string): Promise<boolean> =>
  (await findClient(db, clientId)) !== undefined;
