// A reference for the bench, not a proxy to use: the least a Node proxy can do per miss (take a
// request, make one keep-alive upstream call, copy the body back) with no checks, no cache, no
// log. Whatever it costs, every Node proxy costs at least that much; the bench prints it next to
// the real proxy's misses so that the two can be told apart. Its upstream client is the second
// argument: 'undici' (a Pool, the default, the cheaper here) or 'node:http' (an Agent).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { answerCpuRequests } from './cpu-report.js';

const upstream = new URL(process.argv[2] ?? 'http://127.0.0.1:1');
const client = process.argv[3] === 'node:http' ? 'node:http' : 'undici';
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });
const pool = new Pool(upstream.origin, { pipelining: 1, keepAliveTimeout: 15_000 });
const upstreamPath = (req: http.IncomingMessage) => (req.url ?? '/').replace('/api/tracking/ocean', '/v1/shipments/ocean');

const overNodeHttp = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const call = http.request({ host: upstream.hostname, port: upstream.port, path: upstreamPath(req), agent }, (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
      res.end(Buffer.concat(chunks));
    });
  });
  call.on('error', () => res.destroy());
  call.end();
};

const overUndici = (req: http.IncomingMessage, res: http.ServerResponse) => {
  pool.request({ method: 'GET', path: upstreamPath(req) }).then(
    async (answer) => {
      const chunks: Buffer[] = [];
      for await (const chunk of answer.body) chunks.push(chunk as Buffer);
      res.writeHead(answer.statusCode, { 'content-type': 'application/json' });
      res.end(Buffer.concat(chunks));
    },
    () => res.destroy(),
  );
};

const server = http.createServer(client === 'undici' ? overUndici : overNodeHttp);
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

answerCpuRequests();
process.on('disconnect', () => process.exit(0));
