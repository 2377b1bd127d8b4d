// What the package tests share: a free port, and a strict XML parse of a JUnit report.
import { createServer } from 'node:net';
import { SaxesParser } from 'saxes';

/** A port nothing listens on (taken, then given back). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Parses with saxes (conformant XML 1.0: a forbidden character or bad markup throws); the elements with their attributes. */
export function parseXml(xml) {
  const parser = new SaxesParser();
  const elements = [];
  let failure;
  parser.on('error', (error) => (failure ??= error));
  parser.on('opentag', (tag) => elements.push({ name: tag.name, attributes: tag.attributes }));
  parser.write(xml).close();
  if (failure) throw failure;
  return elements;
}
