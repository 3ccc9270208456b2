// Whatever a fault script started (a database cluster, a Redis, a server, a temporary folder)
// is registered here and undone in reverse order: at the end of the run, on an error, and on
// Ctrl-C or SIGTERM, so an interrupted run leaves nothing behind on a shared machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const undoers = [];

export function onCleanup(undo) {
  undoers.push(undo);
}

/** A new folder under the system's temporary folder, removed at cleanup. */
export function temporaryFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), `starprep-faults-${prefix}-`));
  onCleanup(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

export async function cleanUp() {
  while (undoers.length > 0) {
    const undo = undoers.pop();
    await Promise.resolve()
      .then(undo)
      .catch((error) => console.error(`cleanup: ${error.message}`));
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/**
 * Runs a fault script's body, then cleans up; an error is printed as one line and the exit
 * code is 1, so the suite and CI see the failure.
 */
export async function runFault(name, body) {
  try {
    await body();
  } catch (error) {
    console.error(`${name}: failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
