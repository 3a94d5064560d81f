import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateAndSeed } from './seed/migrateAndSeed.ts';
import { resolveSeed } from './seed/seedFiles.ts';
import type { Seed } from './seed/seedFormat.ts';
import { openPglite } from './db/database.ts';

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
function codeFingerprint(seed: Seed): string {
  const hash = createHash('sha256').update(JSON.stringify(seed));
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|js|json)$/.test(file) && !/\.test\.|\.map$|\.d\.ts$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(here, file)));
  return hash.digest('hex').slice(0, 16);
}

const made = new Map<string, Promise<Blob>>();

/**
 * The data directory of a migrated and seeded in-memory database, as a gzipped tar for
 * `createEmulator({ database: 'memory', snapshot })`. Made once per version of the emulator's
 * code and kept in `cacheDir` (written atomically, so parallel test processes may share it);
 * later calls in the process reuse the same one.
 */
export function seededSnapshot(options: SnapshotOptions = {}): Promise<Blob> {
  const dir = options.cacheDir ?? join(tmpdir(), 'ics-platform-emulator');
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

async function readOrMake(file: string, seed: Seed): Promise<Blob> {
  try {
    return nodeBlob(readFileSync(file));
  } catch {
    // not made yet on this machine
  }
  const db = await openPglite(undefined);
  try {
    await migrateAndSeed(db, seed);
    const dump = await db.dump?.();
    if (!dump) throw new Error('The database cannot be dumped.');
    const bytes = await bytesOf(dump);
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return nodeBlob(bytes);
  } finally {
    await db.close();
  }
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
