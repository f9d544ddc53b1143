import { Camera, ImageUp, Loader2 } from 'lucide-react';
import { FOTO_ACCEPT, PROFILE_TEXTS } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import { ProfilePhoto } from './profile-photo';

/** The photo area of 'Meu perfil': click to pick or drop a file; idle, dragging, uploading and error look different. */
export function PhotoUpload({ nome, fotoUrl }: { nome: string; fotoUrl: string | null }) {
  const { state, error, progress, preview, inputRef, onInputChange, openPicker, dropHandlers } = usePhotoUpload();
  const uploading = state === 'uploading';
  const percent = Math.round(progress * 100);

  return (
    <div
      {...dropHandlers}
      data-state={state}
      aria-busy={uploading}
      className={cn(
        'flex flex-col items-center gap-4 rounded-lg border-2 border-dashed p-4 text-center transition-colors sm:flex-row sm:text-left',
        state === 'idle' && 'border-border',
        state === 'dragging' && 'border-primary bg-primary/5',
        state === 'uploading' && 'border-primary/40',
        state === 'error' && 'border-destructive/50 bg-destructive/5',
      )}
    >
      <div className="relative shrink-0">
        <ProfilePhoto nome={nome} fotoUrl={preview ?? fotoUrl} size="lg" className={cn(uploading && 'opacity-60')} />
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center">
            <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
          </span>
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col items-center gap-2 sm:items-start">
        {state === 'dragging' ? (
          <p className="flex h-9 items-center gap-2 text-sm font-medium text-primary">
            <ImageUp className="size-4" aria-hidden />
            Solte a imagem para enviar
          </p>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={openPicker} disabled={uploading}>
            <Camera aria-hidden />
            Alterar foto
          </Button>
        )}
        <input
          ref={inputRef}
          id="perfil-foto"
          type="file"
          accept={FOTO_ACCEPT}
          onChange={onInputChange}
          disabled={uploading}
          aria-label="Escolher foto de perfil"
          aria-describedby="perfil-foto-dica"
          tabIndex={-1}
          className="sr-only"
        />
        <p id="perfil-foto-dica" className="text-xs text-muted-foreground">
          {PROFILE_TEXTS.fotoHint}
        </p>
        {/* Dropping is a pointer gesture; on phones the button is the way. */}
        {state !== 'dragging' && <p className="hidden text-xs text-muted-foreground sm:block">ou arraste uma imagem até aqui</p>}

        {uploading && (
          <div className="flex w-full max-w-56 items-center gap-2">
            <div
              role="progressbar"
              aria-label="Enviando foto"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className={cn('h-1.5 flex-1 overflow-hidden rounded-full bg-muted', percent === 0 && 'animate-pulse')}
            >
              <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-xs tabular-nums text-muted-foreground">Enviando... {percent}%</span>
          </div>
        )}
        {state === 'error' && error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
