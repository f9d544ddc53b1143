import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';

/** Spec part 2 §8: each error toast shows the server's text when there is one, else the situation's fallback. */
export const avisarErro = (err: unknown, fallback: string) => toast.error(errorMessage(err, fallback));
