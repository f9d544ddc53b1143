// Applies the saved theme before the first paint (spec: key "theme", default light). A file of its own, not an
// inline script: the Content-Security-Policy allows scripts from this origin only.
(() => {
  try {
    const t = localStorage.getItem('theme') || 'light';
    const dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {}
})();
