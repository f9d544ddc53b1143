import { Construction } from 'lucide-react';

/** A page a later issue builds: its title and a plain line, nothing fake. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-2 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="flex items-center gap-2 text-muted-foreground">
        <Construction className="size-4" aria-hidden /> Em construção
      </p>
    </div>
  );
}
