// A free TCP port on loopback, for a server that cannot report the one it got for port 0
// (php -S, Apache, redis-server, WebKitWebDriver). The port is chosen below the range the kernel
// hands out for outgoing connections and for port 0: a port from that range, free when asked, was
// taken by a test's own outgoing connection before php -S could bind it (a clean clone saw "Address
// already in use"). Another process may still take a port chosen here before the server binds it;
// the servers' starters fail clearly then, naming the port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel gives outgoing connections and port 0 (Linux's ip_local_port_range; 32768 elsewhere). */
function ephemeralStart() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 11_000) return low;
  } catch {
    // not Linux
  }
  return 32_768;
}

/** Whether a server can listen on `port` at 127.0.0.1 now; resolves the port it got. */
function listenOn(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** A port nothing listens on at 127.0.0.1, at the moment of asking, outside the ephemeral range where it can. */
export async function freePort() {
  const high = ephemeralStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenOn(10_000 + Math.floor(Math.random() * (high - 10_000)));
    if (port !== undefined) return port;
  }
  const port = await listenOn(0);
  if (port === undefined) throw new Error('no free port on 127.0.0.1');
  return port;
}
