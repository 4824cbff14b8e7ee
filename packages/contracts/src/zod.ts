import { z } from 'zod';

// Schemas parse without compiling code. Zod speeds up object schemas with `new Function`, which the
// web app's Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation even when
// zod falls back. The switch is read when a schema is built, so every contract imports z from here.
z.config({ jitless: true });

export { z };
