// A TCP proxy in front of PostgreSQL that records the statements a client sends with the extended
// query protocol (Parse and Bind messages: statement name, SQL text, parameter values as text).
// The dashboard benchmark puts it between StarPrep and the database for one request, so its
// reference server runs exactly the SQL StarPrep ran, with the same parameters.
import { createConnection, createServer } from 'node:net';

export function startCapture({ port, target }) {
  const recorded = [];
  let recording = false;
  const server = createServer((client) => {
    const upstream = createConnection(target);
    const parsed = new Map(); // statement name → SQL text, per connection
    let buffer = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (startup) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          startup = false;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]);
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'P') {
          const [name, afterName] = cString(body, 0);
          const [text] = cString(body, afterName);
          parsed.set(name, text);
        } else if (type === 'B' && recording) {
          const [, afterPortal] = cString(body, 0);
          const [name, offset] = cString(body, afterPortal);
          recorded.push({ name, text: parsed.get(name), values: bindValues(body, offset) });
        }
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        start: () => {
          recorded.length = 0;
          recording = true;
        },
        stop: () => {
          recording = false;
          return [...recorded];
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

function cString(buffer, offset) {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

/** The parameter values of a Bind message (text format; null stays null). */
function bindValues(body, offset) {
  const formats = body.readInt16BE(offset);
  let at = offset + 2 + formats * 2;
  const count = body.readInt16BE(at);
  at += 2;
  const values = [];
  for (let i = 0; i < count; i += 1) {
    const length = body.readInt32BE(at);
    at += 4;
    if (length < 0) values.push(null);
    else {
      values.push(body.toString('utf8', at, at + length));
      at += length;
    }
  }
  return values;
}
