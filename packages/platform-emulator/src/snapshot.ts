import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateAndSeed } from './seed/migrateAndSeed.ts';
import { resolveSeed } from './seed/seedFiles.ts';
import type { Seed } from './seed/seedFormat.ts';
import { openPglite, type Database } from './db/database.ts';
import { migrate } from './db/migrations.ts';

/** Options of `seededSnapshot`. */
export interface SnapshotOptions {
  /** Where snapshots are kept between runs; default `<tmpdir>/ics-platform-emulator`. */
  readonly cacheDir?: string;
  /** The seed the snapshot holds (`resolveSeed`'s); default the built-in one. */
  readonly seed?: Seed;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A fingerprint of the emulator's own code (its migrations and built-in seed are code) and of
 * the seed, so a snapshot made by other code or from another seed is never restored.
 */
function codeFingerprint(seed: Seed | null): string {
  const hash = createHash('sha256').update(JSON.stringify(seed));
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|js|json)$/.test(file) && !/\.test\.|\.map$|\.d\.ts$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(here, file)));
  return hash.digest('hex').slice(0, 16);
}

const made = new Map<string, Promise<Blob>>();

const defaultCacheDir = () => join(tmpdir(), 'ics-platform-emulator');

/**
 * The data directory of a migrated and seeded in-memory database, as a gzipped tar for
 * `createEmulator({ database: 'memory', snapshot })`. Made once per version of the emulator's
 * code and kept in `cacheDir` (written atomically, so parallel test processes may share it);
 * later calls in the process reuse the same one.
 */
export function seededSnapshot(options: SnapshotOptions = {}): Promise<Blob> {
  const dir = options.cacheDir ?? defaultCacheDir();
  const seed = options.seed ?? resolveSeed();
  const file = join(dir, `seeded-${codeFingerprint(seed)}.tar.gz`);
  let snapshot = made.get(file);
  if (!snapshot) {
    snapshot = readOrMake(file, seed);
    made.set(file, snapshot);
    snapshot.catch(() => made.delete(file));
  }
  return snapshot;
}

/** Node's Blob, whatever the global one is (jsdom's has no `arrayBuffer`, which PGlite needs). */
const nodeBlob = (bytes: Uint8Array) => new NodeBlob([bytes]) as unknown as Blob;

/**
 * A snapshot file's bytes, or undefined when it has not been made on this machine, or when its
 * folder is not this user's own, or others may write in it: in a shared temporary folder,
 * another user could otherwise put a database of theirs where a start would restore it.
 */
function readSnapshot(file: string): Blob | undefined {
  try {
    const folder = statSync(dirname(file));
    const uid = process.getuid?.();
    if (uid !== undefined && (folder.uid !== uid || (folder.mode & 0o002) !== 0)) return undefined;
    return nodeBlob(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** Dumps the database into `file`, atomically (parallel processes may make the same one). */
async function writeSnapshot(db: Database, file: string): Promise<Uint8Array> {
  const dump = await db.dump?.();
  if (!dump) throw new Error('The database cannot be dumped.');
  const bytes = await bytesOf(dump);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}

async function readOrMake(file: string, seed: Seed): Promise<Blob> {
  const cached = readSnapshot(file);
  if (cached) return cached;
  const db = await openPglite(undefined);
  try {
    await migrateAndSeed(db, seed);
    return nodeBlob(await writeSnapshot(db, file));
  } finally {
    await db.close();
  }
}

/**
 * A new in-memory database with the current schema and no data, to be seeded: restored from the
 * schema's snapshot in `cacheDir` when one was made, else made (`initdb` and the migrations, the
 * part of a start that takes longest) and kept there for the next start. The seed is written
 * afresh at each start, so what it dates by the clock is dated now (decision 1299). A cache that
 * cannot be written costs only the time it would have saved.
 */
export async function migratedDatabase(cacheDir = defaultCacheDir()): Promise<Database> {
  const file = join(cacheDir, `migrated-${codeFingerprint(null)}.tar.gz`);
  const cached = readSnapshot(file);
  if (!cached) return makeMigrated(file);
  // Marked as used, so that pruning keeps it.
  try {
    utimesSync(file, new Date(), new Date());
  } catch {
    // read-only: it is used all the same
  }
  // A copy that does not restore (cut short by a full disk, say) is made again.
  return openPglite(undefined, cached).catch(() => makeMigrated(file));
}

/** How long a schema snapshot no start has used is kept: other versions' copies go then. */
const unusedFor = 30 * 86_400_000;

async function makeMigrated(file: string): Promise<Database> {
  const db = await openPglite(undefined);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  try {
    await writeSnapshot(db, file);
    const dir = dirname(file);
    for (const other of readdirSync(dir))
      if (
        /^migrated-[0-9a-f]+\.tar\.gz$/.test(other) &&
        Date.now() - statSync(join(dir, other)).mtimeMs > unusedFor
      )
        rmSync(join(dir, other), { force: true });
  } catch {
    // A cache that cannot be written costs the time it would have saved, nothing else.
  }
  return db;
}

/** The part of a DOM FileReader (jsdom's) that reads a blob. */
interface BlobReader {
  result: unknown;
  error: unknown;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  readAsArrayBuffer(blob: unknown): void;
}

/**
 * A blob's bytes. Under jsdom, PGlite builds its dump with jsdom's Blob, which has no
 * `arrayBuffer()`; jsdom's FileReader reads it.
 */
async function bytesOf(blob: { arrayBuffer?: () => Promise<ArrayBuffer> }): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  const { FileReader } = globalThis as unknown as { FileReader: new () => BlobReader };
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
