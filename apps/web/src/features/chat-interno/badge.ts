import { NAO_VISTAS_BADGE_MAX } from '@balcao/shared/chat-interno/constants';

/** Spec part 2 §2/§9: unread badge text, capped at '99+'; nothing when there is nothing unread. Eager (the toggle uses it). */
export const textoBadge = (n: number): string | null => (n <= 0 ? null : n > NAO_VISTAS_BADGE_MAX ? `${NAO_VISTAS_BADGE_MAX}+` : String(n));
