import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearAvisos } from './alertas';
import { subscribePush, listenServiceWorker, registerApp, somLigado } from './pwa';

/**
 * The installable app for a signed-in user: the service worker registered, this browser's Web Push kept
 * subscribed (when already allowed), and notification clicks opening their conversation here.
 */
export default function AppInstalavel() {
  const navigate = useNavigate();
  useEffect(() => {
    void registerApp()
      .then(() => subscribePush())
      .catch(() => undefined);
    const parar = listenServiceWorker(
      (url) => navigate(url),
      () => somLigado,
    );
    const visivel = () => !document.hidden && clearAvisos();
    document.addEventListener('visibilitychange', visivel);
    return () => {
      parar();
      document.removeEventListener('visibilitychange', visivel);
    };
  }, [navigate]);
  return null;
}
