import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** A second stack was started on a data folder that a running stack uses. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another local stack (pid ${pid}) is using ${dataDir}. Stop it first ` +
        `(kill -TERM ${pid}), or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** `DATA_DIR/stack.lock`, holding the pid of the stack that owns the folder. */
  readonly file: string;
  /** Removes the lock if this process still owns it. Safe to call more than once. */
  release(): void;
}

const lockOwner = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/** Is a process with this pid running? (EPERM: it runs, as another user.) */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `DATA_DIR/stack.lock` for this process, so that two stacks never share one data folder
 * (two DynamoDB Local processes on one database file corrupt it). A lock whose process is gone
 * (killed, crashed) is stale and taken over; a lock this process holds already is taken again.
 *
 * The lock is a file created with O_EXCL holding the owner's pid. A stale lock is first renamed
 * aside (only one process can rename it), so two stacks starting at the same moment over a stale
 * lock cannot both take it.
 *
 * @throws DataDirInUseError while another running process holds the lock.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, 'stack.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        file,
        release: () => {
          if (lockOwner(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = lockOwner(file);
    if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
      throw new DataDirInUseError(dataDir, owner);
    }
    takeOverStale(file, owner);
  }
  throw new Error(`Could not take the lock ${file}; is another stack starting on this folder?`);
}

/** Moves a stale lock out of the way, unless another process has replaced it meanwhile. */
function takeOverStale(file: string, stalePid: number | undefined) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw err;
  }
  const moved = lockOwner(aside);
  if (moved !== stalePid && moved !== undefined && isRunning(moved)) {
    // Between our read and our rename another stack took the lock: give it back.
    try {
      linkSync(aside, file);
    } catch {
      // a third process holds it now; the next attempt reads who
    }
  }
  rmSync(aside, { force: true });
}
