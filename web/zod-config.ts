import { config } from 'zod';

// The pages' Content-Security-Policy allows no eval: zod must not probe for `new Function` (its
// JIT), which the browser reports as a policy violation even though zod catches it. A module of
// its own, imported first by main.tsx, so that it runs before any module builds or parses a schema.
config({ jitless: true });
