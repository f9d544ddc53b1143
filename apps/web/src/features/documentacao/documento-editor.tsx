import { Copy, History, ImagePlus, Save, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { STATUS_DOCUMENTO_LABEL, type TDocumento, type TSecao, VISIBILIDADE_DOCUMENTO_LABEL } from '@balcao/shared/documentacao';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { uploadImagem, useRestoreVersao, useSaveDocumento, useVersoes } from './api';
import type { EditorMarkdownHandle } from './editor-markdown';
import { comoBloco, markdownDaImagem } from './imagem-markdown';

// Both lazy, each its own chunk: CodeMirror loads when a document opens for writing, markdown-it on "Visualizar".
const EditorMarkdown = lazy(() => import('./editor-markdown'));
const Preview = lazy(() => import('./preview'));
const DICA = '# Título\n\nEscreva em Markdown. Cole ou arraste uma imagem para enviá-la.';

type Props = {
  documento: TDocumento | null;
  secaoId: string;
  secoes: TSecao[];
  nomeSecao: (s: TSecao) => string;
  onSalvo: (id: string) => void;
  onExcluir?: () => void;
};

/** A document: title, section, draft/publish, internal/public, Markdown with preview and images, versions. */
export function DocumentoEditor({ documento, secaoId, secoes, nomeSecao, onSalvo, onExcluir }: Props) {
  const [titulo, setTitulo] = useState(documento?.titulo ?? '');
  const [secao, setSecao] = useState(documento?.secaoId ?? secaoId);
  const [status, setStatus] = useState(documento?.status ?? 'rascunho');
  const [visibilidade, setVisibilidade] = useState(documento?.visibilidade ?? 'interna');
  const [conteudo, setConteudo] = useState(documento?.conteudo ?? '');
  const [erros, setErros] = useState<Record<string, string[]>>({});
  // Uploads under way (an image pasted while another one is still going counts too).
  const [enviando, setEnviando] = useState(0);
  const [verVersoes, setVerVersoes] = useState(false);
  const editor = useRef<EditorMarkdownHandle>(null);
  const arquivo = useRef<HTMLInputElement>(null);
  const salvar = useSaveDocumento();

  /** Uploads the images and inserts their Markdown where the cursor was (or where they were dropped). */
  async function inserirImagens(arquivos: File[], marca = editor.current?.marcar()) {
    setEnviando((n) => n + 1);
    const textos: string[] = [];
    try {
      for (const f of arquivos) textos.push(markdownDaImagem(f.name, await uploadImagem(f)));
    } catch (err) {
      toast.error('Erro', mensagemHttp(err, 'Não foi possível enviar a imagem.'));
    } finally {
      setEnviando((n) => n - 1);
      const texto = textos.join('\n\n');
      if (marca && editor.current) {
        if (texto) editor.current.inserir(marca, texto);
        else editor.current.soltar(marca);
      } else if (texto) {
        // The editor's chunk was still loading: at the end of the text.
        setConteudo((c) => c + comoBloco(c, c.length, texto));
      }
    }
  }

  function enviar(e: React.FormEvent) {
    e.preventDefault();
    setErros({});
    salvar.mutate(
      { id: documento?.id ?? null, input: { titulo, secaoId: secao, status, visibilidade, conteudo } },
      {
        onSuccess: (d) => onSalvo(d.id),
        onError: (err) => {
          if (err instanceof ApiError && err.errors) setErros(err.errors);
          else toast.error('Erro', mensagemHttp(err, 'Não foi possível salvar o documento.'));
        },
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={enviar} aria-label={documento ? `Editar ${documento.titulo}` : 'Novo documento'}>
      <div className="grid gap-1.5">
        <Label htmlFor="doc-titulo">Título</Label>
        <Input
          id="doc-titulo"
          value={titulo}
          onChange={(e) => setTitulo(e.target.value)}
          aria-invalid={!!erros.titulo}
          required
          maxLength={160}
        />
        {(erros.titulo ?? erros.slug)?.map((m) => (
          <p key={m} className="text-sm text-destructive">
            {m}
          </p>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="doc-secao">Seção</Label>
          <NativeSelect id="doc-secao" value={secao} onChange={(e) => setSecao(e.target.value)}>
            {secoes.map((s) => (
              <option key={s.id} value={s.id}>
                {nomeSecao(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="doc-status">Situação</Label>
          <NativeSelect id="doc-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            {Object.entries(STATUS_DOCUMENTO_LABEL).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="doc-visibilidade">Quem vê</Label>
          <NativeSelect id="doc-visibilidade" value={visibilidade} onChange={(e) => setVisibilidade(e.target.value as typeof visibilidade)}>
            {Object.entries(VISIBILIDADE_DOCUMENTO_LABEL).map(([v, l]) => (
              <option key={v} value={v}>
                {l === 'Interno' ? 'Interno (só a equipe)' : 'Público (clientes e buscadores)'}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <Tabs defaultValue="escrever">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList>
            <TabsTrigger value="escrever">Escrever</TabsTrigger>
            <TabsTrigger value="visualizar">Visualizar</TabsTrigger>
          </TabsList>
          <Button type="button" variant="outline" size="sm" disabled={enviando > 0} onClick={() => arquivo.current?.click()}>
            <ImagePlus aria-hidden /> {enviando > 0 ? 'Enviando…' : 'Imagem'}
          </Button>
          <input
            ref={arquivo}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="hidden"
            aria-label="Enviar imagem"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void inserirImagens([f]);
              e.target.value = '';
            }}
          />
        </div>
        {/* Kept mounted under "Visualizar": the cursor and the undo history survive a look at the preview. */}
        <TabsContent value="escrever" forceMount className="data-[state=inactive]:hidden">
          <Suspense fallback={<Skeleton className="h-80 w-full" />}>
            <EditorMarkdown
              ref={editor}
              valor={conteudo}
              onChange={setConteudo}
              onImagens={(arquivos, marca) => void inserirImagens(arquivos, marca)}
              rotulo="Conteúdo em Markdown"
              dica={DICA}
            />
          </Suspense>
        </TabsContent>
        <TabsContent value="visualizar">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <Preview conteudo={conteudo} />
          </Suspense>
        </TabsContent>
      </Tabs>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={salvar.isPending}>
          <Save aria-hidden /> {salvar.isPending ? 'Salvando…' : 'Salvar'}
        </Button>
        {documento?.url && (
          <Button
            type="button"
            variant="outline"
            onClick={() => void navigator.clipboard.writeText(documento.url!).then(() => toast.success('Sucesso', 'Link público copiado.'))}
          >
            <Copy aria-hidden /> Copiar link público
          </Button>
        )}
        {documento && (
          <Button type="button" variant="outline" onClick={() => setVerVersoes((v) => !v)} aria-expanded={verVersoes}>
            <History aria-hidden /> Versões
          </Button>
        )}
        {onExcluir && (
          <Button type="button" variant="ghost" className="text-destructive" onClick={onExcluir}>
            <Trash2 aria-hidden /> Excluir
          </Button>
        )}
      </div>
      {documento && verVersoes && <Versoes id={documento.id} />}
    </form>
  );
}

function Versoes({ id }: { id: string }) {
  const versoes = useVersoes(id, true);
  const restaurar = useRestoreVersao(id);
  if (versoes.isPending) return <Skeleton className="h-24 w-full" />;
  return (
    <ul className="divide-y rounded-md border text-sm" aria-label="Versões">
      {versoes.data?.map((v, i) => (
        <li key={v.id} className="flex items-center justify-between gap-2 px-3 py-2">
          <span>
            <strong>Versão {v.numero}</strong> · {new Date(v.criadaEm).toLocaleString('pt-BR')} · {v.autorNome ?? '—'} ·{' '}
            {STATUS_DOCUMENTO_LABEL[v.status]}
          </span>
          {i > 0 && (
            <Button type="button" size="sm" variant="outline" disabled={restaurar.isPending} onClick={() => restaurar.mutate(v.id)}>
              Restaurar
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
