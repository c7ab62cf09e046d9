// An Express application answering through the site's compression, for tests/unit/compress.test.ts
// to run as a child process with V8's collections traced. Prints the port it listens on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { compress } from '../../src/server/http/compress.ts';

const body = 'x'.repeat(40_000);
const app = express();
app.use(compress());
app.get('/', (_req, res) => {
  res.type('html').send(body + String(Math.random()));
});
const server = http.createServer(app);
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
