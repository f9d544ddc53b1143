import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * The composer's text box, shared by the customer chat and the internal chat: one line that grows,
 * Enter/Shift+Enter handled by the caller, and files pasted from the clipboard handed to `onFiles` (without it,
 * as in the edit dialog, a paste is only text).
 */
export function MessageTextarea({
  onFiles,
  className,
  ...props
}: React.ComponentProps<'textarea'> & { onFiles?: (files: FileList) => void }) {
  return (
    <textarea
      rows={1}
      onPaste={(e) => {
        if (!onFiles || e.clipboardData.files.length === 0) return;
        e.preventDefault();
        onFiles(e.clipboardData.files);
      }}
      className={cn(
        'min-h-9 flex-1 resize-none rounded-md border border-input bg-transparent px-3 py-2 text-sm leading-5 outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}
