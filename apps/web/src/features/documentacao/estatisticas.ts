/** The share of "Sim" among the "Este artigo ajudou?" answers, in whole percent; null before any answer. */
export function taxaAjudou(sim: number, nao: number): number | null {
  const total = sim + nao;
  return total === 0 ? null : Math.round((sim / total) * 100);
}
