import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config';

/** Descriptors kept for everything but client sockets: the database, files served, workers, ffmpeg's pipes. */
const RESERVED_DESCRIPTORS = { min: 128, share: 0.1 };
const FALLBACK_OPEN_FILES = 1024;

/** The process's soft limit on open files (`ulimit -n`): /proc on Linux, else the shell's answer. */
export function openFilesLimit(): number {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(
      readFileSync('/proc/self/limits', 'utf8'),
    );
    if (line) return line[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(line[1]);
  } catch {
    // Not Linux: ask a shell, which inherits this process's limits.
  }
  const shell = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const answer = shell.stdout?.trim();
  if (answer === 'unlimited') return Number.MAX_SAFE_INTEGER;
  return Number(answer) > 0 ? Number(answer) : FALLBACK_OPEN_FILES;
}

/**
 * Client sockets the process may hold at once: below the descriptor limit by a reserve, so a flood
 * of sockets can never take the descriptors the database, files and workers need (at the limit,
 * node cannot accept anyone, /healthz included).
 */
export function defaultMaxConnections(openFiles: number = openFilesLimit()): number {
  const reserve = Math.max(
    RESERVED_DESCRIPTORS.min,
    Math.ceil(openFiles * RESERVED_DESCRIPTORS.share),
  );
  return Math.max(16, Math.min(openFiles - reserve, 1_000_000));
}

/** node's http server keeps the answer in progress on its socket; none means no request is being answered. */
const answering = (socket: Socket) =>
  Boolean((socket as Socket & { _httpMessage?: unknown })._httpMessage);

/**
 * Caps the sockets one client address may hold open, and all of them together: beyond
 * `perAddress` a new one is closed at once, so a client trickling bytes on hundreds of sockets
 * cannot starve everyone else; at `maxConnections` the oldest socket that is not being answered
 * (one that never sent a request, or a keep-alive one between requests) is closed to make room, so
 * a flood from many addresses cannot fill the descriptor table and a new real client still gets
 * served. Only when every socket is busy answering is the new one refused. Each socket is also
 * cut by the request and idle timeouts.
 */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  const perAddress = new Map<string, number>();
  // Oldest first (a Set keeps insertion order).
  const open = new Set<Socket>();

  /** Closes the oldest socket not being answered; false when every one is busy. */
  const closeOldestIdle = (): boolean => {
    for (const socket of open) {
      if (answering(socket)) continue;
      open.delete(socket);
      socket.destroy();
      return true;
    }
    return false;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (perAddress.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    if (open.size >= limits.maxConnections && !closeOldestIdle()) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}

/**
 * The idle timeout cuts only sockets idle on the client's side. One whose request arrived whole
 * and whose answer is still being made (a costume run computing, a stream between its image and
 * its video) waits on this platform, and is kept: node would close it at IDLE_TIMEOUT_MS (issue
 * 42: runs cut at 120 s). Anything else goes: no request yet, a keep-alive socket between
 * requests, a request still trickling in, an answer the client does not read.
 */
export function cutOnlyClientIdleSockets(server: Server): void {
  server.on('timeout', (socket: Socket) => {
    // Null once an answer is finished (a keep-alive socket between requests), undefined before.
    const answer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const waitingOnUs =
      answer != null && answer.req.complete && !answer.writableEnded && socket.writableLength === 0;
    if (!waitingOnUs) socket.destroy();
  });
}
