import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';

/** How long a copy button reads 'Copiado!' (the same 3 s the spec gives the PIX copy label, part 1 §9). */
const COPIED_MS = 3000;

/** The Clipboard API needs a secure context; on plain http (an office LAN) fall back to a hidden textarea. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** `copied` is true for COPIED_MS after a successful copy. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await writeClipboard(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error('Erro ao copiar', 'Selecione o texto e copie manualmente.');
    }
  };
  return { copied, copy };
}
