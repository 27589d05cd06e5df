// A free TCP port on loopback, for a server that cannot report the one it got for port 0
// (php -S, Apache, redis-server, WebKitWebDriver). Another process may take it before the server
// binds it; the servers' starters fail clearly then, naming the port.
import { createServer } from 'node:net';

/** A port nothing listens on at 127.0.0.1, at the moment of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
