/**
 * A port that refuses connections for as long as a test holds it. Tests never assume that
 * nothing listens on some port (9, say): another process may. Here a port is taken from the
 * kernel and kept bound, by the local end of a connection to a throwaway server, without
 * anything listening on it: a connection to it is refused (ECONNREFUSED), and no other
 * process can be given it while it is held.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface ClosedPort {
  port: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  release(): Promise<void>;
}

const held = new Set<ClosedPort>();

export async function closedPort(): Promise<ClosedPort> {
  const server = createServer((socket) => socket.on('error', () => {}));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const socket: Socket = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  // Not referenced: a held port never keeps a test process alive.
  socket.unref();
  server.unref();
  const port = socket.localPort!;
  const closed: ClosedPort = {
    port,
    url: `http://127.0.0.1:${port}`,
    async release() {
      held.delete(closed);
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  held.add(closed);
  return closed;
}
