// The upstream under the benchmark, in its own process: answers a stored document at once,
// except numbers containing HOLD, which wait until the bench sends 'release'.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCpuRequests } from './cpu-report.js';

const DOC = JSON.stringify({
  referenceNumber: 'MSCU1234567',
  status: 'IN_TRANSIT',
  containers: [
    {
      number: 'MSCU1234567',
      status: 'IN_TRANSIT',
      milestones: Array.from({ length: 20 }, (_, i) => ({
        code: 'DEPA',
        description: `Vessel departed ${i}`,
        locode: 'CNSHA',
        time: '2026-11-02T14:20:00+08:00',
        kind: 'actual',
      })),
    },
  ],
});
const body = Buffer.from(DOC);

const held: http.ServerResponse[] = [];
const server = http.createServer((req, res) => {
  if (req.url?.includes('HOLD')) {
    held.push(res);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.byteLength });
  res.end(body);
});
server.keepAliveTimeout = 10_000;
server.maxConnections = 5_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

answerCpuRequests();
process.on('message', (message) => {
  if (message === 'held') process.send?.({ held: held.length });
  if (message === 'release') {
    for (const res of held.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.byteLength });
      res.end(body);
    }
  }
});
process.on('disconnect', () => process.exit(0));
