#!/usr/bin/env node
// `npm run build`: write the standalone live page, proof/live/index.html (the same bundle a render
// uses, with every scene inline). Renders never read this file: they bundle in memory.
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = join(import.meta.dirname, '..', '..');
const { writeLivePage } = await tsImport('../node/browser/write-live-page.ts', import.meta.url);
const file = await writeLivePage(process.argv[2] ?? join(root, 'proof', 'live', 'index.html'));
console.log(`live page: ${file}`);
