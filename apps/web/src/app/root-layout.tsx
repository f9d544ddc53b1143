import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, TEXTS } from '@balcao/shared/auth';
import { ZCurrentUser } from '@balcao/shared/usuarios';
import { authKeys } from '@/features/auth/api';
import { request } from '@/lib/http';
import { clearToken, setToken } from '@/lib/session-store';
import { markLoggedIn } from '@/features/integracoes/connection-state';
import { toast } from '@/lib/toast';
import { afterLoginTarget } from './guards';

/** Login by `?token=` on any page (spec part 1 §2), then the page itself. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('token');
    // /resetar-senha carries its own single-use token, which is not a session.
    if (!token || location.pathname.toLowerCase().startsWith('/resetar-senha') || handled.current === token) return;
    handled.current = token;
    params.delete('token');
    const rest = params.toString();
    const remembered = sessionStorage.getItem(STORAGE_KEYS.redirectTo);
    // On /login the login page itself leaves for the remembered target once the user is known (one reader of the
    // key, so no second navigation can send the browser on to another page).
    const onLogin = location.pathname.toLowerCase().startsWith('/login');
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    setToken(token);
    request('GET', '/Usuario/GetCurrentUser', ZCurrentUser)
      .then((user) => {
        queryClient.setQueryData(authKeys.currentUser, user);
        markLoggedIn();
        toast.success(TEXTS.welcomeTitle, TEXTS.welcomeByToken);
        if (onLogin) return;
        sessionStorage.removeItem(STORAGE_KEYS.redirectTo);
        navigate(afterLoginTarget(remembered, user.role), { replace: true });
      })
      .catch(() => {
        clearToken();
        queryClient.removeQueries({ queryKey: authKeys.currentUser });
        toast.error(TEXTS.invalidToken);
        navigate('/login', { replace: true });
      });
  }, [location.search, location.pathname, navigate, queryClient]);

  return <Outlet />;
}
