import { DUPLICATE_WINDOW_MS, type TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';

type TIncoming = Pick<TRealtimeMessage, 'id' | 'messageId' | 'type'> & {
  message?: Pick<TRealtimeMessage['message'], 'isEdited' | 'isDeleted'>;
};

export const isEditOrDelete = (m: TIncoming) =>
  m.type === 'edited' || m.type === 'deleted' || Boolean(m.message?.isEdited || m.message?.isDeleted);

/**
 * Spec part 2 §4: the same message id arriving again within 5 s is ignored (the hub may deliver one
 * message through two rooms); an edit or a delete of that id always passes and clears the mark.
 */
export class DuplicateFilter {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = DUPLICATE_WINDOW_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** true when the message is new (or an edit/delete) and must be processed. */
  accept(m: TIncoming): boolean {
    const id = m.id || m.messageId;
    if (!id) return true;
    if (isEditOrDelete(m)) {
      this.seen.delete(id);
      return true;
    }
    const t = this.now();
    this.prune(t);
    if (this.seen.has(id)) return false;
    this.seen.set(id, t);
    return true;
  }

  private prune(t: number) {
    for (const [id, at] of this.seen) if (t - at >= this.windowMs) this.seen.delete(id);
  }
}
