import { z } from 'zod';

// Imported first by main.tsx, before any schema exists: zod builds each object schema's fast parser with
// `new Function` unless told not to, and its probe for that is itself a violation of our Content-Security-Policy
// (no 'unsafe-eval'). The interpreted parser is plenty fast for forms.
z.config({ jitless: true });
