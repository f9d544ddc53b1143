import { useEffect } from 'react';
import { startAnalytics } from './start';

/** The signed-in shell starts analytics once it knows who is signed in (a change of user asks again). */
export function useAnalytics(email: string | undefined) {
  useEffect(() => {
    if (email) void startAnalytics(email);
  }, [email]);
}
