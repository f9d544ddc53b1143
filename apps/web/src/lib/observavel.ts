/** A tiny observable value, so modules outside React (the realtime binding) and components read the same state. */
export function observavel<T>(inicial: T) {
  let valor = inicial;
  const listeners = new Set<() => void>();
  return {
    get: () => valor,
    set(next: T) {
      if (next === valor) return;
      valor = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}
