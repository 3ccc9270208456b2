// A TCP port nothing listens on now, chosen by the system, for a server, database or Redis of our own
// (fixed ports could collide with another person's throwaway instance on a shared machine).
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
