import MarkdownIt from 'markdown-it';

// Same options as the server's renderer (raw HTML off, unsafe links refused): the preview shows what visitors get.
const md = new MarkdownIt({ html: false, linkify: true });

/** The Markdown preview: its own lazy chunk, so markdown-it loads only when the editor shows it. */
export default function Preview({ conteudo }: { conteudo: string }) {
  return (
    <div
      className="prose-doc min-h-64 rounded-md border p-4 text-sm leading-relaxed [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc"
      // markdown-it with html off escapes every tag the author typed; only its own markup is produced.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by construction (html: false).
      dangerouslySetInnerHTML={{ __html: md.render(conteudo || '*Nada escrito ainda.*') }}
    />
  );
}
