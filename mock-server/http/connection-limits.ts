import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config';

/**
 * Caps the sockets one client address may hold open: beyond `perAddress` a new one is closed at
 * once, so a client trickling bytes on hundreds of sockets cannot starve everyone else of file
 * descriptors (each of its sockets is also cut by the request and idle timeouts).
 */
export function capConnectionsPerAddress(server: Server, limits: ConnectionLimits): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
