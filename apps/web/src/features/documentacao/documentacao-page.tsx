import { BookOpen, FileText, Globe, Lock, Plus, Settings } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCentral, TDocumentoResumo, TSecao } from '@balcao/shared/documentacao';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { useCurrentUser } from '@/features/auth/api';
import { mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCentrais, useDocumento, useDocumentos, useDeleteItem, useSaveSecao, useSecoes } from './api';
import { CentralForm } from './central-form';
import { DocumentoEditor } from './documento-editor';
import { EstatisticasTab } from './estatisticas-tab';

type Selecao = { tipo: 'documento'; id: string } | { tipo: 'novo'; secaoId: string } | { tipo: 'central'; id: string | null } | null;

function NovaSecao({ centralId }: { centralId: string | null }) {
  const [titulo, setTitulo] = useState('');
  const salvar = useSaveSecao();
  return (
    <form
      className="flex min-w-0 gap-1.5 px-2 py-1"
      onSubmit={(e) => {
        e.preventDefault();
        salvar.mutate(
          { id: null, input: { titulo, centralId } },
          { onSuccess: () => setTitulo(''), onError: (err) => toast.error('Erro', mensagemHttp(err, 'Não foi possível criar a seção.')) },
        );
      }}
    >
      <Input
        value={titulo}
        onChange={(e) => setTitulo(e.target.value)}
        placeholder="Nova seção"
        aria-label="Título da nova seção"
        className="h-8 min-w-0 flex-1"
      />
      <Button type="submit" size="sm" variant="outline" disabled={!titulo.trim() || salvar.isPending} aria-label="Criar seção">
        <Plus aria-hidden />
      </Button>
    </form>
  );
}

function Grupo(props: {
  titulo: string;
  central: TCentral | null;
  secoes: TSecao[];
  documentos: TDocumentoResumo[];
  selecao: Selecao;
  escrever: boolean;
  onSelecionar: (s: Selecao) => void;
}) {
  const { central, secoes, documentos, selecao, escrever, onSelecionar } = props;
  return (
    <section className="grid min-w-0 gap-1" aria-label={props.titulo}>
      <div className="flex items-center justify-between px-2">
        <h2 className="flex items-center gap-1.5 text-sm font-semibold">
          {central ? <Globe className="size-4 text-primary" aria-hidden /> : <BookOpen className="size-4 text-primary" aria-hidden />}
          {props.titulo}
        </h2>
        {central && escrever && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Configurações de ${central.nome}`}
            onClick={() => onSelecionar({ tipo: 'central', id: central.id })}
          >
            <Settings aria-hidden />
          </Button>
        )}
      </div>
      {secoes.map((s) => (
        <div key={s.id} className="grid min-w-0 gap-0.5">
          <div className="flex items-center justify-between px-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {s.titulo}
            {escrever && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7"
                onClick={() => onSelecionar({ tipo: 'novo', secaoId: s.id })}
                aria-label={`Novo documento em ${s.titulo}`}
              >
                <Plus aria-hidden />
              </Button>
            )}
          </div>
          <ul>
            {documentos
              .filter((d) => d.secaoId === s.id)
              .map((d) => (
                <li key={d.id}>
                  <button
                    type="button"
                    onClick={() => onSelecionar({ tipo: 'documento', id: d.id })}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent',
                      selecao?.tipo === 'documento' && selecao.id === d.id && 'bg-accent font-medium',
                    )}
                  >
                    {d.visibilidade === 'interna' ? (
                      <Lock className="size-3.5 shrink-0" aria-label="Interno" />
                    ) : (
                      <FileText className="size-3.5 shrink-0" aria-hidden />
                    )}
                    <span className="truncate">{d.titulo}</span>
                    {d.status === 'rascunho' && (
                      <span className="ml-auto rounded bg-muted px-1.5 text-xs text-muted-foreground">Rascunho</span>
                    )}
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ))}
      {escrever && <NovaSecao centralId={central?.id ?? null} />}
    </section>
  );
}

/** /documentacao: the account's documentation and help centres, their sections and documents, and the editor. */
export function DocumentacaoPage() {
  const { user } = useCurrentUser();
  const escrever = user?.role === 'master' || user?.role === 'admin';
  const centrais = useCentrais();
  const secoes = useSecoes();
  const documentos = useDocumentos();
  const [selecao, setSelecao] = useState<Selecao>(null);
  const [params, setParams] = useSearchParams();
  const aba = params.get('aba') === 'estatisticas' ? 'estatisticas' : 'documentos';
  const [excluindo, setExcluindo] = useState<string | null>(null);
  const excluir = useDeleteItem();
  const atual = useDocumento(selecao?.tipo === 'documento' ? selecao.id : null);
  const todasSecoes = secoes.data ?? [];
  const nomeSecao = (s: TSecao) => `${centrais.data?.find((c) => c.id === s.centralId)?.nome ?? 'Documentação da conta'} › ${s.titulo}`;

  const carregando = centrais.isPending || secoes.isPending || documentos.isPending;
  const documentosArea = (
    <div className="grid gap-5 md:grid-cols-[280px_minmax(0,1fr)]">
      <nav className="grid min-w-0 content-start gap-5 rounded-xl border bg-card p-2" aria-label="Árvore da documentação">
        {carregando ? (
          <div className="grid gap-2 p-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : (
          <>
            <Grupo
              titulo="Documentação da conta"
              central={null}
              secoes={todasSecoes.filter((s) => !s.centralId)}
              documentos={documentos.data ?? []}
              selecao={selecao}
              escrever={escrever}
              onSelecionar={setSelecao}
            />
            {centrais.data?.map((c) => (
              <Grupo
                key={c.id}
                titulo={c.nome}
                central={c}
                secoes={todasSecoes.filter((s) => s.centralId === c.id)}
                documentos={documentos.data ?? []}
                selecao={selecao}
                escrever={escrever}
                onSelecionar={setSelecao}
              />
            ))}
          </>
        )}
      </nav>
      <div className="min-w-0 rounded-xl border bg-card p-4">
        {selecao === null ? (
          <div className="grid place-items-center gap-2 py-16 text-center text-sm text-muted-foreground">
            <BookOpen className="size-8" aria-hidden />
            <p>{todasSecoes.length ? 'Escolha um documento na árvore.' : 'Crie uma seção para começar a escrever.'}</p>
          </div>
        ) : selecao.tipo === 'central' ? (
          <CentralForm
            key={selecao.id ?? 'nova'}
            central={centrais.data?.find((c) => c.id === selecao.id) ?? null}
            onSalvo={(id) => setSelecao({ tipo: 'central', id })}
          />
        ) : selecao.tipo === 'novo' ? (
          <DocumentoEditor
            key={`novo-${selecao.secaoId}`}
            documento={null}
            secaoId={selecao.secaoId}
            secoes={todasSecoes}
            nomeSecao={nomeSecao}
            onSalvo={(id) => setSelecao({ tipo: 'documento', id })}
          />
        ) : atual.data ? (
          escrever ? (
            <DocumentoEditor
              key={`${atual.data.id}-${atual.data.atualizadoEm}`}
              documento={atual.data}
              secaoId={atual.data.secaoId}
              secoes={todasSecoes}
              nomeSecao={nomeSecao}
              onSalvo={(id) => setSelecao({ tipo: 'documento', id })}
              onExcluir={() => setExcluindo(atual.data.id)}
            />
          ) : (
            <article className="grid gap-2">
              <h2 className="text-xl font-semibold">{atual.data.titulo}</h2>
              <pre className="whitespace-pre-wrap font-sans text-sm">{atual.data.conteudo}</pre>
            </article>
          )
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    </div>
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Documentação</h1>
          <p className="text-sm text-muted-foreground">Base de conhecimento da equipe e centrais de ajuda públicas.</p>
        </div>
        {escrever && (
          <Button variant="outline" onClick={() => setSelecao({ tipo: 'central', id: null })}>
            <Plus aria-hidden /> Nova central de ajuda
          </Button>
        )}
      </div>
      {escrever ? (
        <Tabs value={aba} onValueChange={(v) => setParams(v === 'documentos' ? {} : { aba: v }, { replace: true })} className="gap-5">
          <TabsList>
            <TabsTrigger value="documentos" className="px-3">
              Documentos
            </TabsTrigger>
            <TabsTrigger value="estatisticas" className="px-3">
              Estatísticas
            </TabsTrigger>
          </TabsList>
          <TabsContent value="documentos">{documentosArea}</TabsContent>
          <TabsContent value="estatisticas">
            <EstatisticasTab />
          </TabsContent>
        </Tabs>
      ) : (
        documentosArea
      )}
      <ConfirmDialog
        open={!!excluindo}
        onOpenChange={(o) => !o && setExcluindo(null)}
        title="Excluir documento?"
        description="O documento e todas as suas versões serão excluídos. Links públicos para ele deixarão de funcionar."
        confirmLabel="Excluir"
        onConfirm={() => {
          if (excluindo) excluir.mutate({ tipo: 'documentos', id: excluindo }, { onSuccess: () => setSelecao(null) });
          setExcluindo(null);
        }}
      />
    </div>
  );
}
