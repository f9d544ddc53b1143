import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { limparAvisos } from './alertas';
import { inscreverPush, ouvirServiceWorker, registrarApp, somLigado } from './pwa';

/**
 * The installable app for a signed-in user: the service worker registered, this browser's Web Push kept
 * subscribed (when already allowed), and notification clicks opening their conversation here.
 */
export default function AppInstalavel() {
  const navigate = useNavigate();
  useEffect(() => {
    void registrarApp()
      .then(() => inscreverPush())
      .catch(() => undefined);
    const parar = ouvirServiceWorker(
      (url) => navigate(url),
      () => somLigado,
    );
    const visivel = () => !document.hidden && limparAvisos();
    document.addEventListener('visibilitychange', visivel);
    return () => {
      parar();
      document.removeEventListener('visibilitychange', visivel);
    };
  }, [navigate]);
  return null;
}
