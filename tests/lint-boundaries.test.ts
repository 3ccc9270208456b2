import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries of architecture.md section 2, as ESLint enforces them. */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('keep src/shared free of both sides and of Node and React', async () => {
    const found = await restrictedImports(
      'src/shared/example.ts',
      "import { createApp } from '../server/app';\nimport { x } from '../client/main';\nimport { readFileSync } from 'node:fs';\nimport { useState } from 'react';\nexport const all = [createApp, x, readFileSync, useState];\n",
    );
    expect(found).toHaveLength(4);
  });

  it('let the client import the AppType type, and nothing else, from the server', async () => {
    const typeOnly = await restrictedImports(
      'src/client/lib/example.ts',
      "import type { AppType } from '../../server/app';\nexport type T = AppType;\n",
    );
    expect(typeOnly).toEqual([]);
    const value = await restrictedImports(
      'src/client/lib/example.ts',
      "import { createApp } from '../../server/app';\nimport pg from 'pg';\nexport const all = [createApp, pg];\n",
    );
    expect(value).toHaveLength(2);
  });

  it('keep client code out of the server', async () => {
    const found = await restrictedImports(
      'src/server/example.ts',
      "import { router } from '../client/router';\nexport const r = router;\n",
    );
    expect(found).toHaveLength(1);
  });
});
