import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** Linux only: what the tests of the local stack's processes and ports read from /proc. */

/** Is a process with this pid there (a zombie counts as gone)? */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Is any process left in this process group? */
export function groupIsRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes of a process group that still run (zombies not counted), with their commands. */
export function groupMembers(pgid: number): string[] {
  return pids()
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(group) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map((pid) => `${pid} ${commandLine(pid)}`);
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The command line of a process, its arguments joined by spaces ('' once it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

const pids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** Every process below `pid` (children, their children, …). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map(pids().map((p) => [p, parentOf(p)]));
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, ppid] of parents) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The processes whose command line contains `text`. */
export function processesWith(text: string): number[] {
  return pids().filter((p) => p !== process.pid && commandLine(p).includes(text));
}

/** `/proc/net/tcp*` addresses: IPv4 as one little-endian word, IPv6 as four. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((w) => (w.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255) {
    return `::ffff:${bytes.slice(12).join('.')}`;
  }
  if (bytes.every((b) => b === 0)) return '::';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return '::1';
  return words.join(':');
}

/** The local addresses listening on a TCP port, e.g. `['127.0.0.1']` or `['::']`. */
export function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort ?? '', 16) === port) found.push(decodeAddress(address ?? ''));
    }
  }
  return found;
}

/** Only loopback: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export const isLoopback = (address: string) => /^(::ffff:)?127\.|^::1$/.test(address);

/** Does anything accept a TCP connection on this port of 127.0.0.1? */
export function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
