import { DOCUMENTACAO_TEXTS as T } from '@balcao/shared/documentacao';
import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

const administra = roleIn('master', 'admin');

/**
 * The knowledge base: every signed-in user reads it (internal documents included); the master and the
 * admins write it (centres, sections, documents, versions) and see what visitors read and search.
 */
export const { can, authorize } = definePolicy<{
  ler: undefined;
  escrever: undefined;
  estatisticas: undefined;
}>(T.somenteAdministradores, {
  ler: () => true,
  escrever: administra,
  estatisticas: (u) => administra(u) || SOMENTE_ADMINISTRADORES,
});
