// Vitest setup (vitest.config.ts): only jsdom test files have a document, and only they use Testing Library.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  // findBy*/waitFor give up after 1 s by default: a debounce plus a render can take longer on CI's two loaded
  // cores (the whole unit suite runs in parallel), which made a passing dialog test fail once.
  configure({ asyncUtilTimeout: 5_000 });
}
export {};
