import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/** ERP keys are administration; a request in progress is its holder's to resolve, or any supervisor's. */
export const { can, authorize } = definePolicy<{ gerirChaves: undefined; resolverDeOutros: undefined }>(SOMENTE_ADMINISTRADORES, {
  gerirChaves: roleIn('admin', 'master'),
  resolverDeOutros: roleIn('admin', 'master'),
});
