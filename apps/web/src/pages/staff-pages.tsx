import { ComingSoon } from './coming-soon';

// Admin and master pages that later issues build (built pages are lazy chunks of their own feature folders).
export const DocumentacaoPage = () => <ComingSoon title="Documentação" />;
