import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds a data directory: written as JSON into the lock file. */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** A second process on a PGlite data directory would lose acknowledged writes; it is refused. */
export class DataDirectoryLocked extends Error {
  override name = 'DataDirectoryLocked' as const;
  constructor(
    readonly directory: string,
    readonly lockFile: string,
    holder: Partial<Holder>,
  ) {
    super(
      `The data directory ${directory} is in use by process ${holder.pid ?? '?'} on ${holder.host ?? '?'} (since ${holder.since ?? '?'}). ` +
        `Stop that emulator, or give this one another --database directory (or 'memory'). ` +
        `If that process is gone, delete ${lockFile}.`,
    );
  }
}

/** Whether a process with this id runs on this host (EPERM: it runs, as another user). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (lockFile: string): Partial<Holder> => {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
  } catch {
    return {};
  }
};

/**
 * Takes the lock of a PGlite data directory: `<dir>.lock`, created exclusively, holding this
 * process's pid and host. A lock left by a process of this host that no longer runs (killed,
 * crashed) is stale and taken over; a live holder, or one on another host (its pid cannot be
 * checked from here), refuses the start. Returns the release.
 */
export function lockDataDirectory(directory: string): () => void {
  const lockFile = `${directory.replace(/[\\/]+$/, '')}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      const stale = holder.host === me.host && typeof holder.pid === 'number' && !alive(holder.pid);
      if (!stale || attempt > 0) throw new DataDirectoryLocked(directory, lockFile, holder);
      rmSync(lockFile, { force: true });
    }
  }
  return () => {
    if (readHolder(lockFile).pid === me.pid) rmSync(lockFile, { force: true });
  };
}
