import { Skeleton } from '@/components/ui/skeleton';
import { useIaUso } from '../api';
import { IA_CONFIG_TEXTS as T } from '../texts';

/** This month's AI use by user, and the operator's cap. */
export function IaUsoTable() {
  const uso = useIaUso();
  if (uso.isPending) return <Skeleton className="h-16 w-full" />;
  if (uso.isError) return null;
  const u = uso.data;
  return (
    <div className="grid gap-2 border-t pt-4">
      <h4 className="text-sm font-medium">{T.usoTitulo}</h4>
      <p className="text-xs text-muted-foreground">{T.usoTotal(u.requisicoes, u.tokens, u.limiteTokens)}</p>
      {u.porUsuario.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.usoVazio}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="py-1 font-medium">{T.usuario}</th>
              <th className="py-1 text-right font-medium">{T.requisicoes}</th>
              <th className="py-1 text-right font-medium">{T.tokens}</th>
            </tr>
          </thead>
          <tbody>
            {u.porUsuario.map((p) => (
              <tr key={p.usuarioId ?? 'auto'} className="border-t">
                <td className="py-1.5">{p.nome}</td>
                <td className="py-1.5 text-right tabular-nums">{p.requisicoes.toLocaleString('pt-BR')}</td>
                <td className="py-1.5 text-right tabular-nums">{p.tokens.toLocaleString('pt-BR')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
