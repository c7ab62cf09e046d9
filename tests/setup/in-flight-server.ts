// A plain node:http server counting its requests with inFlight, for tests/unit/in-flight.test.ts to
// run as a child process with V8's collections traced. Prints the port it listens on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inFlight } from '../../src/server/http/in-flight.ts';

const body = 'x'.repeat(40_000);
const server = http.createServer((_req, res) => {
  res.end(body + String(Math.random()));
});
inFlight(server);
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
