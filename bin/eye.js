#!/usr/bin/env node
// The `eye` CLI. The source is TypeScript under build/; tsx loads it directly so a checkout never
// runs a stale compiled copy.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../build/cli/main.ts');
process.exitCode = await main(process.argv);
