#!/usr/bin/env node
// `npm test`: type check, lint, unit + API integration + web component tests, then the
// browser journeys. Stops at the first failing stage with its exit code.
import { spawnSync } from 'node:child_process';

const stages = [
  ['type check', ['run', '--silent', 'typecheck']],
  ['lint', ['run', '--silent', 'lint']],
  ['unit, integration and component tests', ['run', '--silent', 'test:unit']],
  ['build the web app', ['run', '--silent', 'build']],
  ['end-to-end journeys', ['run', '--silent', 'test:e2e']],
];
for (const [name, args] of stages) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync('npm', args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log('\n✔ all stages passed');
