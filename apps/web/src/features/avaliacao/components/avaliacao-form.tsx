import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/http';
import { AVALIACAO_TEXTS, COMENTARIO_MAX, ZAvaliacaoInput, type TAvaliacaoPublica, type useSendAvaliacao } from '../api';
import { StarInput } from './stars';

/** 'pendente': 1 to 5 stars, an optional comment, sent once. */
export function AvaliacaoForm({ avaliacao, enviar }: { avaliacao: TAvaliacaoPublica; enviar: ReturnType<typeof useSendAvaliacao> }) {
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const comentarioId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = fieldErrors(ZAvaliacaoInput, { nota: nota ?? undefined, comentario: comentario.trim() || undefined });
    if (!data) return setErro(Object.values(errors)[0] ?? AVALIACAO_TEXTS.erroEnviar);
    setErro(null);
    enviar.mutate(data, { onError: (err) => setErro(errorMessage(err, AVALIACAO_TEXTS.erroEnviar)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-xl font-semibold tracking-tight">Como foi seu atendimento?</h1>
        <p className="text-sm text-muted-foreground">
          Ticket #{avaliacao.ticket}
          {avaliacao.atendenteNome && <> · atendido por {avaliacao.atendenteNome}</>}
        </p>
      </div>
      <StarInput
        value={nota}
        disabled={enviar.isPending}
        onChange={(n) => {
          setNota(n);
          setErro(null);
        }}
      />
      <div className="grid gap-2">
        <Label htmlFor={comentarioId}>Comentário (opcional)</Label>
        <textarea
          id={comentarioId}
          value={comentario}
          onChange={(e) => setComentario(e.target.value)}
          maxLength={COMENTARIO_MAX}
          rows={4}
          disabled={enviar.isPending}
          placeholder="Conte o que achou do atendimento"
          aria-describedby={`${comentarioId}-contagem`}
          className="w-full resize-none rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 md:text-sm dark:bg-input/30"
        />
        <p id={`${comentarioId}-contagem`} className="text-right text-xs tabular-nums text-muted-foreground">
          {comentario.length}/{COMENTARIO_MAX}
        </p>
      </div>
      {erro && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {erro}
        </p>
      )}
      <Button type="submit" size="lg" disabled={enviar.isPending || nota === null}>
        {enviar.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Enviar avaliação
      </Button>
    </form>
  );
}
