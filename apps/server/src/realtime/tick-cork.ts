import type { Socket } from 'node:net';

const corked = new WeakSet<Socket>();

/**
 * Holds the socket's writes until the current run of JavaScript ends, then sends them in one
 * system call (a writev). A send emits several frames in one go (its status changes, then the
 * 'streaming' status with the first token); under a burst of sends each frame was its own
 * write, and on loopback a write also runs the receiver's TCP path, so those writes were a large
 * part of what held the event loop. Frames are never delayed past the current tick.
 */
export function coalesceThisTick(socket: Socket): void {
  if (corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  process.nextTick(() => {
    corked.delete(socket);
    socket.uncork();
  });
}
