import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_INTERNO_PARAM } from '@balcao/shared/notificacoes';
import { clearAvisos } from './alertas';
import { getPreferencias } from './api';
import { setOpener, setPreferencias } from './eventos';
import { listenServiceWorker, registerApp, subscribePush } from './pwa';

/**
 * The installable app and notifications for a signed-in user: the service worker registered, this browser's
 * Web Push kept subscribed (when already allowed), the user's preferences read, notification clicks opening
 * their conversation here, and the title count cleared when the attendant looks again.
 */
export default function AppInstalavel() {
  const navigate = useNavigate();
  useEffect(() => {
    // A notification's conversation: a customer's in the inbox; the internal chat's in its panel, over the page in front.
    const abrir = (url: string) => {
      const alvo = new URL(url, window.location.origin);
      const chat = alvo.searchParams.get(CHAT_INTERNO_PARAM);
      if (!chat) {
        void navigate(alvo.pathname + alvo.search);
        return;
      }
      const aqui = new URLSearchParams(window.location.search);
      aqui.set(CHAT_INTERNO_PARAM, chat);
      void navigate({ search: aqui.toString() });
    };
    setOpener(abrir);
    void getPreferencias()
      .then(setPreferencias)
      .catch(() => undefined);
    void registerApp()
      .then(() => subscribePush())
      .catch(() => undefined);
    const stop = listenServiceWorker(abrir);
    const visible = () => {
      if (!document.hidden) clearAvisos();
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', visible);
    };
  }, [navigate]);
  return null;
}
