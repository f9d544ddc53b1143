import { useEffect } from 'react';
import { useNavigate } from 'react-router';
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
    setOpener((url) => navigate(url));
    void getPreferencias()
      .then(setPreferencias)
      .catch(() => undefined);
    void registerApp()
      .then(() => subscribePush())
      .catch(() => undefined);
    const stop = listenServiceWorker((url) => navigate(url));
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
