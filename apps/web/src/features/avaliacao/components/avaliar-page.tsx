import { CheckCircle2, Clock, LinkIcon, RotateCw, Star, WifiOff } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/http';
import { AVALIACAO_TEXTS, linkToken, useAvaliacao, useSendAvaliacao } from '../api';
import { AvaliacaoFrame, AvaliacaoMessage } from './avaliacao-frame';
import { AvaliacaoForm } from './avaliacao-form';
import { StarDisplay } from './stars';

/**
 * `/avaliar/:databaseName/:atendimentoId#token=…`: the customer rates a finished attendance, once, without
 * signing in; the token of their link proves it is them.
 */
export function AvaliarPage() {
  const { databaseName = '', atendimentoId = '' } = useParams();
  const { hash, search } = useLocation();
  const token = linkToken(hash, search);
  const query = useAvaliacao(databaseName, atendimentoId, token);
  // Owned here and handed to the form, so a successful send shows thanks rather than "already rated".
  const enviar = useSendAvaliacao(databaseName, atendimentoId, token);
  const avaliacao = query.data;

  if (query.isPending) {
    return (
      <AvaliacaoFrame busy>
        <div role="status" className="flex flex-col items-center gap-5" aria-label="Carregando avaliação">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-11 w-64" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </AvaliacaoFrame>
    );
  }

  if (!avaliacao) {
    const invalido = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return (
      <AvaliacaoFrame>
        {invalido ? (
          <AvaliacaoMessage icon={<LinkIcon />} tone="error" title={AVALIACAO_TEXTS.invalido}>
            <p className="text-sm text-muted-foreground">
              Confira se o endereço foi copiado inteiro ou peça um novo link a quem atendeu você.
            </p>
          </AvaliacaoMessage>
        ) : (
          <AvaliacaoMessage icon={<WifiOff />} tone="error" title="Algo deu errado">
            <p className="text-sm text-muted-foreground">{AVALIACAO_TEXTS.erroCarregar}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden /> Tentar novamente
            </Button>
          </AvaliacaoMessage>
        )}
      </AvaliacaoFrame>
    );
  }

  return (
    <AvaliacaoFrame empresa={avaliacao.empresa}>
      {enviar.isSuccess ? (
        <AvaliacaoMessage icon={<CheckCircle2 />} tone="ok" title={enviar.data.message || AVALIACAO_TEXTS.obrigado}>
          {avaliacao.nota !== null && <StarDisplay nota={avaliacao.nota} />}
          <p className="text-sm text-muted-foreground">Sua opinião ajuda {avaliacao.empresa} a atender cada vez melhor.</p>
        </AvaliacaoMessage>
      ) : avaliacao.status === 'avaliado' ? (
        <AvaliacaoMessage icon={<Star />} tone="info" title={AVALIACAO_TEXTS.jaAvaliado}>
          {avaliacao.nota !== null && <StarDisplay nota={avaliacao.nota} />}
          {avaliacao.comentario && (
            <blockquote className="w-full rounded-md bg-muted px-4 py-3 text-left text-sm italic text-muted-foreground">
              “{avaliacao.comentario}”
            </blockquote>
          )}
          <p className="text-sm text-muted-foreground">Cada atendimento pode ser avaliado uma única vez. Obrigado!</p>
        </AvaliacaoMessage>
      ) : avaliacao.status === 'aberto' ? (
        <AvaliacaoMessage icon={<Clock />} tone="info" title={AVALIACAO_TEXTS.naoFinalizado}>
          <p className="text-sm text-muted-foreground">Você poderá avaliar assim que o atendimento for encerrado.</p>
        </AvaliacaoMessage>
      ) : (
        <AvaliacaoForm avaliacao={avaliacao} enviar={enviar} />
      )}
    </AvaliacaoFrame>
  );
}
