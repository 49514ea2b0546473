// The pages' Content-Security-Policy allows no eval: zod must not probe for `new Function` (its
// JIT), which the browser reports as a policy violation even though zod catches it. A module of
// its own, imported first by main.tsx, so that it runs before any module builds or parses a schema.
//
// Written where zod's `config()` keeps it (zod/v4/core/core.js: `globalThis.__zod_globalConfig`)
// rather than through `config({ jitless: true })`: importing zod for it would put part of zod in
// every page's first load, where only the screens with a form need it (zod-config.test.ts checks
// that zod reads it).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
