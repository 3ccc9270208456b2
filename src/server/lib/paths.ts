import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found by walking up from this file to package.json. The same code
 * runs from src/ (tsx, tests) and from the bundled dist/server/, at different depths.
 */
function findProjectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('package.json not found above ' + folder);
    folder = parent;
  }
  return folder;
}

const projectRoot = findProjectRoot();
export const migrationsFolder = join(projectRoot, 'drizzle');
export const clientBuildFolder = join(projectRoot, 'dist', 'client');
/** The written question bank, one JSON file per exam category (checked by its schema). */
export const questionBankFolder = join(projectRoot, 'content', 'question-bank');
/** The written bank (content/FORMAT.md): outlines, items per exam type, blind reviews. */
export const contentFolder = join(projectRoot, 'content');
