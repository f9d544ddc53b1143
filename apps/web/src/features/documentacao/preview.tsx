import MarkdownIt from 'markdown-it';
import { cn } from '@/lib/utils';

// Same options as the server's renderer (raw HTML off, unsafe links refused): the preview shows what visitors get.
const md = new MarkdownIt({ html: false, linkify: true });

const PROSA =
  'prose-doc [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc';

/**
 * The app's one Markdown renderer (the documentation editor's preview, the tracker's descriptions and comments):
 * its own lazy chunk, so markdown-it loads only when a screen shows Markdown. `className` replaces the editor's
 * framed box; `vazio` is what an empty text shows.
 */
export default function Preview({
  conteudo,
  className = 'min-h-64 rounded-md border p-4 text-sm leading-relaxed',
  vazio = '*Nada escrito ainda.*',
}: {
  conteudo: string;
  className?: string;
  vazio?: string;
}) {
  return (
    <div
      className={cn(PROSA, className)}
      // markdown-it with html off escapes every tag the author typed; only its own markup is produced.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by construction (html: false).
      dangerouslySetInnerHTML={{ __html: md.render(conteudo || vazio) }}
    />
  );
}
