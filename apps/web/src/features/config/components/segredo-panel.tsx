import { Eye, EyeOff, KeyRound, Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { TCanal } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { useRotateSegredo } from '../api';
import { CodeBlock, CopyButton } from './copy-button';
import { ConfirmDialog } from './confirm-dialog';

// What the site's server runs; the identifier is whatever the site already uses for its logged-in user.
const NODE_EXAMPLE = `import { createHmac } from 'node:crypto';

// No servidor do seu site (nunca no navegador):
const hash = createHmac('sha256', process.env.BALCAO_CHAT_SEGREDO)
  .update(String(usuario.id)) // o mesmo identificador enviado ao chat
  .digest('hex');`;

// How the page hands the identity to widget.js (packages/widget: window.BalcaoSettings, read before the snippet runs).
const PAGE_EXAMPLE = `<script>
  window.BalcaoSettings = {
    user: { identifier: '42', nome: 'Ana', email: 'ana@exemplo.com', hash: '<hash calculado no servidor>' },
  };
</script>`;

/** The channel's signing secret (admin and master only): masked, shown on demand, copied, replaced. */
export function SegredoPanel({ canal }: { canal: TCanal & { segredo: string } }) {
  const [visible, setVisible] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const rotate = useRotateSegredo();
  const ligado = canal.config.verificarIdentidade;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 text-muted-foreground" aria-hidden /> Segredo para verificar identidade
      </div>
      <p className="text-xs text-muted-foreground">
        {ligado
          ? 'A verificação está ligada: o chat só aceita visitantes identificados com um hash válido.'
          : "Usado só quando 'Verificar identidade (HMAC)' estiver ligado nas configurações do canal."}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-full truncate rounded-md sm:basis-0 border bg-muted/60 px-3 py-1.5 font-mono text-xs">
          <span className="sr-only">{visible ? 'Segredo: ' : 'Segredo oculto'}</span>
          {visible ? canal.segredo : <span aria-hidden>{'•'.repeat(32)}</span>}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => setVisible((v) => !v)} aria-pressed={visible}>
          {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {visible ? 'Ocultar' : 'Mostrar'}
        </Button>
        <CopyButton text={canal.segredo} />
        <Button type="button" variant="outline" size="sm" onClick={() => setConfirm(true)} disabled={rotate.isPending}>
          {rotate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          Gerar novo
        </Button>
      </div>
      <details className="group min-w-0 rounded-lg border px-3 py-2 text-sm">
        <summary className="cursor-pointer select-none font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          Como calcular o hash
        </summary>
        <div className="mt-2 grid grid-cols-1 gap-2 text-muted-foreground">
          <p>
            Quando seu site já sabe quem é o visitante logado, envie ao chat o identificador dele junto com um hash: o{' '}
            <strong className="font-medium text-foreground">HMAC-SHA256 do identificador, usando este segredo como chave</strong>, em
            hexadecimal. Calcule no servidor do seu site e nunca coloque o segredo em código que vai para o navegador.
          </p>
          <CodeBlock code={NODE_EXAMPLE} label="Exemplo em Node.js" lang="Node.js" />
          <p>Depois, na página, antes do código de instalação:</p>
          <CodeBlock code={PAGE_EXAMPLE} label="Identidade na página" lang="HTML" />
        </div>
      </details>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Gerar novo segredo?"
        description="O segredo atual deixa de valer na hora: visitantes identificados com ele não serão aceitos até você atualizar o servidor do seu site."
        confirmLabel="Gerar novo segredo"
        onConfirm={() => rotate.mutate(canal.id)}
      />
    </div>
  );
}
