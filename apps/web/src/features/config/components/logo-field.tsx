import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { CONTA_TEXTS, LOGO_ACCEPT, LOGO_MAX_BYTES, type TConta } from '@balcao/shared/conta';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { useLogo } from '../conta-api';

/** The white-label menu logo (spec part 1 §1): a preview, upload and removal; checked here and by content on the server. */
export function LogoField({ conta }: { conta: TConta }) {
  const input = useRef<HTMLInputElement>(null);
  const [erro, setErro] = useState<string | null>(null);
  const logo = useLogo();

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!LOGO_ACCEPT.split(',').includes(file.type)) return setErro(CONTA_TEXTS.logoTipo);
    if (file.size > LOGO_MAX_BYTES) return setErro(CONTA_TEXTS.logoTamanho);
    setErro(null);
    logo.mutate(file);
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id="logo-label">
        Logotipo do menu
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-40 items-center justify-center rounded-lg border bg-background p-2">
          {conta.logoUrl ? (
            <img src={conta.logoUrl} alt={`Logotipo de ${conta.nome}`} className="max-h-full max-w-full object-contain" />
          ) : (
            <Logo />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            aria-labelledby="logo-label"
            aria-describedby="logo-hint"
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={logo.isPending}>
            {logo.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ImageUp aria-hidden />}
            {conta.logoUrl ? 'Trocar logotipo' : 'Enviar logotipo'}
          </Button>
          {conta.logoUrl && (
            <Button type="button" variant="ghost" onClick={() => logo.mutate(null)} disabled={logo.isPending}>
              <Trash2 aria-hidden /> Remover
            </Button>
          )}
        </div>
      </div>
      {erro ? (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      ) : (
        <p id="logo-hint" className="text-xs text-muted-foreground">
          PNG, JPG ou WebP, até 1MB. Aparece no menu para toda a equipe, no lugar da marca do Balcão.
        </p>
      )}
    </div>
  );
}
