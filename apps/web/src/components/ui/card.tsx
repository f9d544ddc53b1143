import type * as React from 'react';
import { cn } from '@/lib/utils';

export const Card = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div
    data-slot="card"
    className={cn('flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm', className)}
    {...p}
  />
);
export const CardHeader = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('grid gap-1.5 px-6', className)} {...p} />
);
export const CardTitle = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('font-semibold leading-none', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('text-sm text-muted-foreground', className)} {...p} />
);
export const CardContent = ({ className, ...p }: React.ComponentProps<'div'>) => <div className={cn('px-6', className)} {...p} />;
export const CardFooter = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('flex items-center px-6', className)} {...p} />
);
