import { launch } from '../launch';
import { FakeWhatsAppWeb } from './fake-whatsapp-web';
import { fakeWapiRoutes } from './fake-whatsapp-web-routes';

/**
 * The e2e server's entry (e2e/support/server.ts, run under tsx): the product plus WhatsApp Web on a fake socket,
 * driven through /backend/wapi-teste. It lives in the test tree so the product's bundle has no such routes.
 */
const fake = new FakeWhatsAppWeb(true);
await launch({
  wapiSocket: fake.factory,
  backendRoutes: async (api, ctx) => {
    await api.register(fakeWapiRoutes, { ctx, fake });
  },
});
