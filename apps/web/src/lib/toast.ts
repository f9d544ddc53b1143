import { toast as sonner } from 'sonner';
import { TOAST_DURATION_MS, truncateToastDescription } from '@balcao/shared/layout';

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind) => (title: string, description?: string) =>
  sonner[kind](title, { description: description ? truncateToastDescription(description) : undefined, duration: TOAST_DURATION_MS });

/** The spec's toasts (part 2 §9): green success, red destructive, yellow warning, cyan info; 150-character cut. */
export const toast = { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
