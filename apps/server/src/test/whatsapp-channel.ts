import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TCanalWhatsApp, TCanalWhatsAppInput } from '@balcao/shared/canais';
import type { AppContext } from '../context';
import { whatsappOf } from '../channels/registry';
import { FakeGraph } from './fake-graph';
import { login, makeAccount } from './factories';
import { createTestApp, type TestApp } from './harness';

const FAKE_WA_TOKEN = 'EAAJBtest-access-token-0123456789';
export const FAKE_WA_SECRET = 'TEST_APP_SECRET';

/** A phone number id no other channel has (one number belongs to one channel in the whole installation). */
const newPhoneNumberId = () => String(randomInt(10 ** 12, 10 ** 13 - 1));

/** The app on a fresh database with a local Graph API, for this file's tests (started before, closed after). */
export function whatsappTestApp(kind: 'pglite' | 'postgres', overrides: Partial<AppContext> = {}, pnid = '1122334455667') {
  const s = {} as { t: TestApp; graph: FakeGraph };
  beforeAll(async () => {
    s.graph = await new FakeGraph(FAKE_WA_TOKEN, pnid).start();
    s.t = await createTestApp(kind, { ...overrides, whatsapp: { graphUrl: s.graph.baseUrl, graphVersion: 'v23.0' } });
  });
  afterAll(async () => {
    await whatsappOf(s.t.ctx).idle();
    await s.t.close();
    await s.graph.stop();
  });
  return s;
}

/** A new account's WhatsApp channel, made by its master through the API (its own number unless given). */
export async function newWhatsAppChannel(t: TestApp, input: Partial<TCanalWhatsAppInput> = {}) {
  const acc = await makeAccount(t.ctx.db);
  const master = await login(t.app, acc.master.email);
  const payload = {
    nome: 'WhatsApp',
    phoneNumberId: newPhoneNumberId(),
    wabaId: '1234567890',
    accessToken: FAKE_WA_TOKEN,
    appSecret: FAKE_WA_SECRET,
    verifyToken: 'vibecoding',
    ...input,
  };
  const res = await t.app.inject({ method: 'POST', url: '/backend/api/canais/whatsapp', headers: master.auth, payload });
  expect(res.statusCode).toBe(201);
  await whatsappOf(t.ctx).idle();
  return { acc, master, canal: res.json() as TCanalWhatsApp, pnid: payload.phoneNumberId };
}

/** Meta's signature of a webhook body under the fake channel's app secret. */
export const signWebhook = (raw: Buffer) => `sha256=${createHmac('sha256', FAKE_WA_SECRET).update(raw).digest('hex')}`;

/** A Cloud API webhook delivery carrying one text message from `waId` to the number `pnid`, as Meta sends it. */
export const textWebhook = (pnid: string, body = 'oi', waId = '5511987650001', nome = 'Joana') =>
  Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511999990000', phone_number_id: pnid },
                contacts: [{ wa_id: waId, profile: { name: nome } }],
                messages: [
                  {
                    from: waId,
                    id: `wamid.${randomUUID()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body },
                  },
                ],
              },
            },
          ],
        },
      ],
    }),
  );
