// The upper bound: a bare node:http server answering fixed bytes from memory. With BUSY_MS it first
// spends that much CPU on each request, synchronously, as a server rendering every answer does: the
// latency a plain Node server shows for the same work.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE);
const type = process.env.CONTENT_TYPE ?? 'application/json';
const busyMs = Number(process.env.BUSY_MS ?? 0);
const server = http.createServer((_req, res) => {
  for (const until = performance.now() + busyMs; performance.now() < until;);
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${process.env.PORT}`));
