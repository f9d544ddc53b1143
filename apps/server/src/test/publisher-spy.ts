import type { AppContext } from '../context';
import type { AtendimentoPublisher } from '../modules/atendimentos/publisher';

/**
 * Runs `fn` while the app's conversation publisher also tells `spy` what it publishes (each method still
 * publishes as before; the others are the publisher's own, through its prototype). Restored afterwards.
 */
export async function whilePublishing<T>(ctx: AppContext, spy: Partial<AtendimentoPublisher>, fn: () => Promise<T>): Promise<T> {
  const publish = ctx.publish!;
  const real = publish.atendimentos;
  const wrapped = Object.fromEntries(
    Object.entries(spy).map(([name, see]) => [
      name,
      (...args: unknown[]) => {
        (see as (...a: unknown[]) => void)(...args);
        (real[name as keyof AtendimentoPublisher] as (...a: unknown[]) => void).apply(real, args);
      },
    ]),
  );
  ctx.publish = { ...publish, atendimentos: Object.assign(Object.create(real), wrapped) };
  try {
    return await fn();
  } finally {
    ctx.publish = publish;
  }
}
