// The upper bound: a bare node:http server answering fixed bytes from memory.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE);
const type = process.env.CONTENT_TYPE ?? 'application/json';
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${process.env.PORT}`));
