import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Starts `server` on an ephemeral loopback port; `close` also drops keep-alive connections. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
