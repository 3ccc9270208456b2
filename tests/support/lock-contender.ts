/**
 * One contender in the embedded-lock race (src/server/db/embedded-lock.test.ts), run as its own
 * process. For each "go <epoch ms>" line on stdin it spins until that moment, so the contenders
 * try at once, tries to lock the folder and prints "won" or "busy". The test resets the lock file
 * between rounds; this process exits when stdin ends.
 */
import { createInterface } from 'node:readline';
import { EmbeddedDatabaseBusyError, lockEmbeddedFolder } from '../../src/server/db/embedded-lock';

const folder = process.argv[2];
if (!folder) throw new Error('usage: lock-contender <folder>');

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const at = Number(line.split(' ')[1]);
  while (Date.now() < at) {
    // Spin: a timer would wake each contender at a different moment.
  }
  try {
    lockEmbeddedFolder(folder);
    console.log('won');
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    console.log('busy');
  }
});
lines.once('close', () => process.exit(0));
console.log('ready');
