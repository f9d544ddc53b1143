import { cva, type VariantProps } from 'class-variance-authority';
import { PanelLeftIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import * as React from 'react';
import {
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_COOKIE_MAX_AGE_S,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from '@balcao/shared/layout';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/** The side panel's open state from `document.cookie`; null when never stored (spec part 1 §2). */
export function readSidebarCookie(cookie: string): boolean | null {
  const hit = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!hit) return null;
  const value = hit.slice(SIDEBAR_COOKIE_NAME.length + 1);
  return value === 'true' ? true : value === 'false' ? false : null;
}
export const sidebarCookie = (open: boolean) => `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
/** Under 768 px the side panel is a sheet. Tailwind's `md:` is the same breakpoint. */
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

type SidebarContextValue = {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};
const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const ctx = React.useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar fora do SidebarProvider');
  return ctx;
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
  ...props
}: React.ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = React.useState(false);
  const [open, setOpenState] = React.useState(() => readSidebarCookie(document.cookie) ?? defaultOpen);
  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this state in a cookie (part 1 §2); the Cookie Store API is async and missing in older Safari and Firefox
    document.cookie = sidebarCookie(value);
  }, []);
  const toggleSidebar = React.useCallback(() => (isMobile ? setOpenMobile((o) => !o) : setOpen(!open)), [isMobile, open, setOpen]);

  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleSidebar]);

  const value = React.useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [open, setOpen, isMobile, openMobile, toggleSidebar],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={{ '--sidebar-width': SIDEBAR_WIDTH, '--sidebar-width-icon': SIDEBAR_WIDTH_ICON, ...style } as React.CSSProperties}
        className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function Sidebar({
  collapsible = 'offcanvas',
  title,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { collapsible?: 'offcanvas' | 'icon' | 'none'; title: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          data-mobile="true"
          className="w-(--sidebar-width) gap-0 bg-sidebar p-0 text-sidebar-foreground [&>button]:hidden"
          style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
        >
          <SheetTitle className="sr-only">{title}</SheetTitle>
          <SheetDescription className="sr-only">Navegação do Balcão</SheetDescription>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? collapsible : ''}
      data-slot="sidebar"
    >
      {/* Reserves the panel's width in the flow; the panel itself is fixed. */}
      <div className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[collapsible=offcanvas]:w-0" />
      <div
        className={cn(
          'fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-r border-sidebar-border transition-[left,width] duration-200 ease-linear md:flex',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[collapsible=offcanvas]:left-[calc(var(--sidebar-width)*-1)]',
          className,
        )}
        {...props}
      >
        <div data-sidebar="sidebar" className="flex h-full w-full flex-col bg-sidebar">
          {children}
        </div>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: React.ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-sidebar="trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-expanded={isMobile ? openMobile : open}
      onClick={(e) => {
        onClick?.(e);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon />
      <span className="sr-only">Alternar menu lateral</span>
    </Button>
  );
}

export const SidebarInset = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div data-slot="sidebar-inset" className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)} {...p} />
);
export const SidebarHeader = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div data-sidebar="header" className={cn('flex flex-col gap-2 p-2', className)} {...p} />
);
export const SidebarFooter = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div data-sidebar="footer" className={cn('flex flex-col gap-2 p-2', className)} {...p} />
);
export const SidebarContent = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div
    data-sidebar="content"
    className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden', className)}
    {...p}
  />
);
export const SidebarGroup = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div data-sidebar="group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...p} />
);
export const SidebarGroupLabel = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div
    data-sidebar="group-label"
    className={cn(
      'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70 transition-[margin,opacity] duration-200 ease-linear group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
      className,
    )}
    {...p}
  />
);
export const SidebarMenu = ({ className, ...p }: React.ComponentProps<'ul'>) => (
  <ul data-sidebar="menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...p} />
);
export const SidebarMenuItem = ({ className, ...p }: React.ComponentProps<'li'>) => (
  <li data-sidebar="menu-item" className={cn('group/menu-item relative', className)} {...p} />
);

const sidebarMenuButtonVariants = cva(
  'peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-hidden ring-sidebar-ring transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 active:bg-sidebar-accent disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground data-[active=true]:[&>svg]:text-sidebar-primary data-[state=open]:bg-sidebar-accent group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      size: {
        default: 'h-8 text-sm',
        lg: 'h-12 text-sm group-data-[collapsible=icon]:p-0!',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  size,
  tooltip,
  className,
  ...props
}: React.ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string } & VariantProps<
    typeof sidebarMenuButtonVariants
  >) {
  const { isMobile, state } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-sidebar="menu-button"
      data-size={size}
      data-active={isActive}
      className={cn(sidebarMenuButtonVariants({ size }), className)}
      {...props}
    />
  );
  if (!tooltip) return button;
  // Tooltips only help when the labels are hidden: the panel collapsed to icons on a large screen.
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
