import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { NavEntry } from '../nav-items';

type Props = {
  items: NavEntry[];
  /** The button that opens it, drawn by the side panel or the dock. */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'right';
  onOpenChange?: (open: boolean) => void;
};

/** 'Central de Configurações': used when the role may open more than one configuration item (spec part 1 §2). */
export function ConfigDropdown({ items, children, side = 'right', onOpenChange }: Props) {
  return (
    <DropdownMenu onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align="start" sideOffset={8} className="w-56">
        <DropdownMenuLabel>{LAYOUT_TEXTS.configCentral}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link to={item.path}>
              <item.icon aria-hidden /> {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
